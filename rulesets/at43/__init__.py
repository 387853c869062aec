"""AT-43 vehicle collisions: assault, charge, backlash, push, throw, group rams (AT-1 … AT-42)."""
