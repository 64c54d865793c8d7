"""``python -m ritegraph``: the ``ritegraph`` console command."""

import sys

from .launch import main

sys.exit(main())
