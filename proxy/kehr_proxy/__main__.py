import sys

from kehr_proxy.launcher import main

sys.exit(main())
