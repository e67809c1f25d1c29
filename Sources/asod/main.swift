import Shared
print(AppNorth.version)
