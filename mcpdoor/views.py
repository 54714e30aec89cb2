"""The /machine/ pages: the tool listing, read from the one tool registry."""

from django.shortcuts import render

from mcpdoor.registry import TOOLS


def machine_index(request):
    return render(request, "machine/index.html", {"tools": TOOLS.values()})
