# ruff: noqa: E501  (a message table: one message a line reads best)
"""Go for Gold's page at a phone's width, in four languages: what to do when the die cannot be
walked, how a short search ended, why the game ended, the end table's short headings, the
how-to's examples played on in the page.
:mod:`pages.go_for_gold.messages` adds them to its tables."""

from __future__ import annotations

EN = {
    "gg.step_to": "Step to {field}",
    "gg.next_steps": "Next steps",
    "gg.prompt.move_hint.tap": "Tap a lit field next to your path's end, one at a time.",
    "gg.prompt.move_stuck": "{name}: no path of {steps} is open: cross off a foot to walk another length",
    "gg.prompt.move_stuck_hint": "Choose a length under “Use a foot”, then draw that path.",
    "gg.outcome.spent": "Found with {k}! +{n}",
    "gg.outcome.kept": "{k} short: not dug up",
    "gg.end.sixth": "{names} recorded a 6th entry: the game ended with that round.",
    "gg.end.out.solo": "{name} cannot walk {n} and has no foot that helps: out of the game, so the game is over.",
    "gg.end.out": "Every player is out of the game: nobody could walk on.",
    "gg.end.unreachable": "No treasure and no open temple is within anyone's reach any more.",
    "gg.end.unreachable.solo": "No treasure and no open temple is within reach any more.",
    "gg.over.player": "Player",
    "gg.over.tiebreak_short": "Shovels",
}

DE = {
    "gg.step_to": "Nach {field}",
    "gg.next_steps": "Nächste Schritte",
    "gg.prompt.move_hint.tap": "Tippe nacheinander ein leuchtendes Feld neben dem Ende deines Wegs an.",
    "gg.prompt.move_stuck": "{name}: Kein Weg von {steps} ist frei: Streiche einen Fuß für eine andere Länge",
    "gg.prompt.move_stuck_hint": "Wähle unter „Einen Fuß nutzen“ eine Länge, dann zeichne diesen Weg.",
    "gg.outcome.spent": "Mit {k} gefunden! +{n}",
    "gg.outcome.kept": "{k} zu wenig: nicht ausgegraben",
    "gg.end.sixth": "{names} hat den 6. Eintrag: Das Spiel endete mit dieser Runde.",
    "gg.end.out.solo": "{name} kann nicht {n} gehen und hat keinen passenden Fuß: aus dem Spiel, also ist das Spiel vorbei.",
    "gg.end.out": "Alle sind aus dem Spiel: Niemand konnte weitergehen.",
    "gg.end.unreachable": "Kein Schatz und kein offener Tempel ist für irgendwen mehr erreichbar.",
    "gg.end.unreachable.solo": "Kein Schatz und kein offener Tempel ist mehr erreichbar.",
    "gg.over.player": "Spieler",
    "gg.over.tiebreak_short": "Schaufeln",
}

NL = {
    "gg.step_to": "Naar {field}",
    "gg.next_steps": "Volgende stappen",
    "gg.prompt.move_hint.tap": "Tik één voor één op een verlicht veld naast het einde van je pad.",
    "gg.prompt.move_stuck": "{name}: geen pad van {steps} is vrij: streep een voet af om een andere lengte te lopen",
    "gg.prompt.move_stuck_hint": "Kies een lengte onder “Een voet gebruiken” en teken dan dat pad.",
    "gg.outcome.spent": "Gevonden met {k}! +{n}",
    "gg.outcome.kept": "{k} te weinig: niet opgegraven",
    "gg.end.sixth": "{names} heeft een 6e inschrijving: het spel eindigde met die ronde.",
    "gg.end.out.solo": "{name} kan geen {n} lopen en heeft geen voet die helpt: uit het spel, dus het spel is voorbij.",
    "gg.end.out": "Iedereen is uit het spel: niemand kon verder lopen.",
    "gg.end.unreachable": "Geen schat en geen open tempel is voor iemand nog bereikbaar.",
    "gg.end.unreachable.solo": "Geen schat en geen open tempel is nog bereikbaar.",
    "gg.over.player": "Speler",
    "gg.over.tiebreak_short": "Scheppen",
}

HU = {
    "gg.step_to": "Lépés ide: {field}",
    "gg.next_steps": "Következő lépések",
    "gg.prompt.move_hint.tap": "Koppints egyenként egy kivilágított mezőre az utad végénél.",
    "gg.prompt.move_stuck": "{name}: nincs szabad út {steps} hosszan: húzz ki egy lábat egy másik hosszhoz",
    "gg.prompt.move_stuck_hint": "Válassz hosszt a „Láb használata” alatt, aztán rajzold be azt az utat.",
    "gg.outcome.spent": "Megvan {k} segítségével! +{n}",
    "gg.outcome.kept": "{k} hiányzik: nincs kiásva",
    "gg.end.sixth": "{names} elérte a 6. bejegyzést: a játék azzal a körrel véget ért.",
    "gg.end.out.solo": "{name} nem tud {n} lépést menni, és nincs segítő lába: kiesett, így a játéknak vége.",
    "gg.end.out": "Mindenki kiesett: senki sem tudott tovább menni.",
    "gg.end.unreachable": "Egyik játékos sem ér el már kincset vagy nyitott templomot.",
    "gg.end.unreachable.solo": "Nem érhető el már kincs vagy nyitott templom.",
    "gg.over.player": "Játékos",
    "gg.over.tiebreak_short": "Ásók",
}

TABLES = {"en": EN, "de": DE, "nl": NL, "hu": HU}
