/// The version of pureform.
public let pureFormVersion = "0.1.0"
