"""De Bello Gallico: ancient skirmish with officers, zones of control and morale (DBG-*)."""
