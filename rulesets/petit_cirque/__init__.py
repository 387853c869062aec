"""Le Petit Cirque Volant: the smallest hex dogfight rule (rules PCV-1 … PCV-18)."""
