"""A game at a night's table: started, its deals recorded, amended and voided, ended, removed."""
