module github.com/oasgen/oasgen

go 1.26.0

require (
	github.com/pb33f/go-yaml v0.1.1
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.2
	golang.org/x/net v0.56.0
)

require (
	github.com/dlclark/regexp2 v1.12.0 // indirect
	golang.org/x/text v0.40.0 // indirect
)
