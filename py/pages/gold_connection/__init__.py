"""Gold Connection's page: state, views and its screen-reader commands (pure Python), bound to the
DOM by ``page``. Importing the package adds its messages to the site's catalogue."""

from pages.gold_connection import messages

messages.register()
