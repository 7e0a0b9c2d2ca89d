import PureForm

print(pureFormVersion)
