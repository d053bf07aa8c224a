"""What every page of the site needs, as plain Python, knowing no game: storage, languages
and the site's own messages, HTML and buttons, the site's settings and address reading, the
screen-reader command line, replay controls, share links and the how-to page's frame.
The DOM-touching half is ``browser/``; tests/test_games.py checks neither imports a game."""
