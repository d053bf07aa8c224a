"""Go for Gold's page: state, views and its screen-reader commands (pure Python), bound to the
DOM by ``page``. Importing the package adds its messages to the site's catalogue."""

from pages.go_for_gold import messages

messages.register()
