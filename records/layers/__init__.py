"""One module per layer of a topic record; each is a pure function of `RecordInputs`."""
