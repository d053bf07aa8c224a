"""An example bot: ``--seats file:examples/bots/first_bar.py,medium``. Cheap plunders, banked."""


def choose(view: dict, legal: list[str]) -> str:
    if "stop" in legal:  # a plunder succeeded: bank it before luck turns (GC-5.3)
        return "stop"
    takes = [t for t in legal if t.startswith("take ")]
    if takes:  # the plunder with the lowest target: fewest bar points
        return min(takes, key=lambda t: sum(int(bar[1]) for bar in t.split()[1:]))
    spend = [t for t in legal if t.startswith("spend ")]
    return spend[0] if spend else legal[0]  # chips save the loot; otherwise the first option
