print("rules")
