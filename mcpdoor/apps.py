from django.apps import AppConfig


class McpdoorConfig(AppConfig):
    name = "mcpdoor"
    verbose_name = "MCP door"
