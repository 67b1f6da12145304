module github.com/oasgen/oasgen/contrib/oauth2

go 1.26.0

require (
	github.com/oasgen/oasgen v0.0.0
	golang.org/x/oauth2 v0.37.0
)

replace github.com/oasgen/oasgen => ../..
