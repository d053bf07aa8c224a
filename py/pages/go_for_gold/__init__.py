"""Go for Gold's page: state, views and its screen-reader commands (pure Python), bound to the
DOM by ``page``. Importing the package adds its messages to the site's catalogue (the table
page's, ``table.messages``, too)."""

from pages.go_for_gold import messages
from pages.go_for_gold.table import messages as table_messages

messages.register()
table_messages.register()
