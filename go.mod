module github.com/oasgen/oasgen

go 1.26.0

require (
	github.com/pb33f/go-yaml v0.1.1
	github.com/pb33f/libopenapi v0.42.3
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.2
	golang.org/x/net v0.56.0
)

require (
	github.com/bahlo/generic-list-go v0.2.0 // indirect
	github.com/buger/jsonparser v1.1.2 // indirect
	github.com/dlclark/regexp2 v1.12.0 // indirect
	github.com/pb33f/jsonpath v0.8.4 // indirect
	github.com/pb33f/ordered-map/v2 v2.3.2 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/text v0.40.0 // indirect
)
