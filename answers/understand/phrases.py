"""The Answer Engine's own sentences: templates with named placeholders, translated in locale/.

Lazy: each is looked up when it is formatted, in the language
`answers.understand.languages.answering` activated, so `SAID_ON.format(source=..., date=...,
words=...)` is German inside a German answer. Quoted evidence goes in through a placeholder and
stays in its own language. A new sentence goes here (or in `_()` where it is used), then `make
catalogues` and a translation in each .po.
"""

from django.utils.translation import gettext_lazy as _

DISCLAIMER = _(
    "Informational only: not investment, legal or betting advice. Reporting is attributed, not "
    "verified; market prices are what a crowd believes, never a fact or a forecast."
)

# --- one row said -------------------------------------------------------------------------------
SAID_ON = _('{source} said on {date}: "{words}"')
REPORTED_ON = _("{source} reported on {date}: {words}")
CROWD_PRICES = _('On {venue}, a crowd prices "{question}" at {pct}% as of {date}: belief, not fact')
HISTORICAL_PRICE = _(
    'A historical capture, not a live price: on {venue}, a crowd priced "{question}" at {pct}% '
    "on {date}, and {ended}"
)
ENDED_RESOLVED = _("the question has resolved")
ENDED_DEADLINE_PASSED = _("its deadline {deadline} passed")
PRICE_MOVED = _(
    'On {venue}, the crowd\'s price for "{question}" moved from {start}% to {end}% by {date}: '
    "belief, not fact"
)
STATE_RECORDED = _(
    "The service recorded the {field} of {topic} moving from {start} to {end} on {date}"
)
SOURCE_FLIPPED = _("{source} flipped from {start} to {end} on {date}")
ATTENTION_STATE = _(
    "The service's own attention to {topic} is {state}, on wire tier {wire}: a measure of "
    "reporting, not of the event"
)
ON_TOPIC = _("On {topic}: {statement}")
# Translators: the words, separated by spaces, that say a price is what a crowd believes, as the
# market sentences above use them (the source check looks for one in every market sentence).
BELIEF_WORDS = _("belief crowd crowds priced prices")

# --- premises and gaps --------------------------------------------------------------------------
PREMISE_UNSUPPORTED = _('The record does not support the premise "{premise}"')
PREMISE_CONTRADICTED = _('The record contradicts the premise "{premise}"')
# The same, with the figure the record holds instead, as its row words what it measures.
PREMISE_HOLDS = _('The record contradicts the premise "{premise}": it holds {quantity} at {figure}')
FORMER_NAMES_HELD = _("{topic} was formerly called {names}")
ORGANISATION_HELD = _("the registry tracks {topic}, of {organisation}")
NO_FIGURES = _("The registry holds no {noun} figures for {target}")
NO_CHANGE_IN_SPAN = _(
    "The record shows no state change, issuer flip or price move for {topic} {span}"
)
SPAN_IN_WINDOW = _("in {window}")
SPAN_LAST_7_DAYS = _("in the last 7 days")

# --- disagreements and kinds of figure ----------------------------------------------------------
ROWS_DISAGREE = _(
    "The held rows disagree on {what}, and this answer does not pick one: each side follows "
    "with its source"
)
# A report at odds with the issuer: the issuer's reading stands first, the report after it.
ISSUER_DISPUTED = _("The issuer's own reading comes first, and a report disagrees on {what}")
LABEL_FORECAST = _("A forecast, not a reported actual")
LABEL_EARLIER = _("An earlier reading, not the latest")
LABEL_REJECTED = _("A rejected figure, not the accepted one")
# A later figure that replaces an earlier one of the same thing: a revision, not a disagreement.
REVISED_FROM = _("Revised from {earlier} to {later}: {statement}")
# A count read again on a later day ("the toll rose to 11"): the newest reading, the earlier
# one said beside it, never a disagreement.
NEWER_READING = _("The newest reading is {later}, after an earlier {earlier}: {statement}")

# --- comparisons --------------------------------------------------------------------------------
# A verdict: the higher side first, both figures quoted with their markers, by how much (the
# engine works the difference out from the two; `answers.ground.figures.difference`) and as of when.
COMPARE_HIGHER_BY = _(
    "{subject} is higher: {first} against {second}, by {difference}, as of {date}"
)
# The same, the lower side first, when the question asks which is lower ("Which had the lower
# combined ratio?"): a verdict in the question's own terms.
COMPARE_LOWER_BY = _("{subject} is lower: {first} against {second}, by {difference}, as of {date}")
COMPARE_MORE_LIKELY_BY = _(
    "Crowds price {subject} as more likely: {first} against {second}, by {difference}, as of "
    "{date}: belief, not fact"
)
# A difference of two percentages, in points ("0.6 percentage points").
BY_POINTS = _("{points} percentage points")
# A difference of two places in a ranking ("26 places": 41st against 67th).
BY_PLACES = _("{places} places")
# A difference of two sums or counts, and how many times the lower the higher is.
BY_TIMES = _("{difference}, {ratio} times as much")
COMPARE_EVEN = _("Neither is higher: {first} against {second}, as of {date}")
# Which of two topics does a thing first, each time in its row's words.
TIME_EARLIER = _(
    "{topic} comes first: {when} {cite}, against {other_when} {other_cite} for {other}"
)
TIME_LATER = _("{topic} comes later: {when} {cite}, against {other_when} {other_cite} for {other}")
COMPARE_UNITS_DIFFER = _(
    "No verdict: {first} for {first_topic} against {second} for {second_topic} are in different "
    "units ({why}), and this engine does not convert one into the other"
)
UNITS_CURRENCIES = _("two currencies")
UNITS_PERCENT_AMOUNT = _("a percentage against an amount")
# A held figure set against one the question states ("Did it exceed 25%?"): {held} the row's
# figure as written, {asked} the question's; the row follows with its source.
THRESHOLD_ABOVE = _("{held} is above the {asked} the question sets, by {difference}")
THRESHOLD_BELOW = _("{held} is below the {asked} the question sets, by {difference}")
THRESHOLD_EVEN = _("{held} is the {asked} the question sets, neither above nor below it")
THRESHOLD_OTHER_SIDE = _("Another row gives {held}, on the other side of {asked}")
# What happened set against what was planned for it ("Did the operator beat its October
# forecast?"): {held} the actual figure with its marker, {plan} the planned one with its own,
# {planned} the plan's noun (PLAN_FORECAST or PLAN_TARGET).
PLAN_ABOVE = _("{held} is above the {planned} of {plan}, by {difference}, as of {date}")
PLAN_BELOW = _("{held} is below the {planned} of {plan}, by {difference}, as of {date}")
PLAN_EVEN = _("{held} is the {planned} of {plan}, neither above nor below it, as of {date}")
# The two sides of a revision asked about ("by how much was the final figure revised from the
# flash estimate?"): the figure that replaced the other, and the one it replaced.
FIGURE_REVISED = _("the revised figure")
FIGURE_REPLACED = _("the figure it replaced")
PLAN_FORECAST = _("forecast")
PLAN_TARGET = _("target")
# A yes-or-no question's answer, then the verdict that gives it ("No, 21% is below ...").
ANSWER_THEN = _("{answer}, {verdict}")
ANSWER_YES = _("Yes")
ANSWER_NO = _("No")
# One side of a comparison of two readings of one indicator ("annual inflation in October").
FIGURE_OF_PERIOD = _("{quantity} in {period}")
FIGURE_OF_DAY = _("{quantity} on {period}")
FIGURE_LATEST = _("the latest {quantity}")
FIGURE_EARLIER = _("the earlier {quantity}")
FIGURE_OF_TOPIC = _("{quantity} ({topic})")
FIGURE_GIVEN_BY = _("the figure {speaker} gives")
COMPARE_NO_VERDICT = _(
    "No verdict: the registry holds no comparable figure for both {first} and {second}"
)
# A comparison of a measure only one side's rows hold a figure of.
COMPARE_ONE_SIDE = _(
    "No verdict: only {held} holds a figure of what is asked, {figure}; the registry holds "
    "none for {other}"
)

# --- declined and nothing held ------------------------------------------------------------------
UNTRACKED_NAME = _("The registry does not track {name}.")
DECLINED_UNTRACKED = _(
    "The registry does not track {names}, so this is not in the record: it holds no issuer "
    "reading, reporting or market question about it, and this engine does not guess."
)
DECLINED_NOT_IN_RECORD = _(
    "That is not in the record: the registry holds no issuer reading, reporting or market "
    "question that answers it, and this engine does not guess."
)
DECLINED_NEIGHBOUR = _(
    "The registry does not track {subject}, so this is not in the record. It tracks "
    "{neighbour}, a different subject, and takes no claim from it for this answer."
)
NEAREST_TRACKED = _("The nearest subject it tracks is {neighbour}.")
SCOPE_CREATIVE = _(
    "This service does not write poems, stories or other creative text: it answers from the record."
)
SCOPE_ADVICE = _("This service gives no investment, legal or personal advice.")
SCOPE_PREDICTION = _(
    "This service makes no predictions of its own: market prices it holds are what a crowd "
    "believes, and are served as that."
)
SCOPE_CALCULATION = _("This service does not do arithmetic: it answers from the record.")
SCOPE = {
    "creative": SCOPE_CREATIVE,
    "advice": SCOPE_ADVICE,
    "prediction": SCOPE_PREDICTION,
    "calculation": SCOPE_CALCULATION,
}
READ_THE_RECORD = _("The record to read: {record}.")
NO_TOPIC_NAMED = _("The question names no topic, entity or reporting the registry holds.")
NOTHING_HELD_THEN = _(
    "The registry holds nothing{span} on {titles}; what it holds from other dates follows, each "
    "row with its date."
)
NOTHING_HELD = _(
    "The registry tracks {titles}, but holds nothing{span} that answers this: no issuer "
    "reading, reporting, market price or recorded change it could cite."
)

# --- unknowns -----------------------------------------------------------------------------------
NO_ISSUER_READING = _("No first-party issuer reading is held for {topic}: no fact of record.")
NO_LIVE_MARKET = _("No live market question is captured for {topic}.")
NO_REPORTING_IN_WINDOW = _("No reporting on {topic} falls in {window}.")
NO_CHANGE_RECORDED = _("No state change, issuer flip or price move is recorded for {topic}.")
NOTHING_AFTER = _("Nothing after {date} is known to this answer.")
# `NOTHING_AFTER`'s date when no cited row carries one.
THE_LATEST_READING = _("the latest reading")

# --- the question's language --------------------------------------------------------------------
# After an answer to a question in a language the engine recognises and has no catalogue for: the
# answer is in English, so this is too; {language} is the language's English name ("Italian").
ANSWERED_IN_ENGLISH = _(
    "The question reads as {language}, a language this engine does not answer in, so this "
    "answer is in English."
)
