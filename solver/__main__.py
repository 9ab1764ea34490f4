import sys

from ninja_dojo.solver.cli import main

sys.exit(main())
