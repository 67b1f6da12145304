module github.com/oasgen/oasgen/contrib/chi

go 1.26.0

replace github.com/oasgen/oasgen => ../..

require (
	github.com/go-chi/chi/v5 v5.5.0
	github.com/oasgen/oasgen v0.0.0
)
