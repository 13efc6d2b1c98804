"""The one exception the award rules raise for input they cannot take."""


class RulesError(ValueError):
    """An event description the rules cannot award.

    `field` is the path of the offending input (``"sessions[0].fields[1].tables"``) and
    `message` says what the rule refuses, its clause last (``"A Mitchell field needs at
    least 4 tables (4.4.3)"``), so that an API can answer with a 400 that names the field.
    """

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
