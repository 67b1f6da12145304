package build

import (
	"strings"

	"github.com/oasgen/oasgen/internal/spec"
)

// coreKeywords warns about the keywords of JSON Schema's core vocabulary
// that change how a schema is read and that oasgen does not follow:
// $dynamicRef (the schema is read without it, so it accepts what its
// other keywords accept), $id (references resolve against the document,
// not against the schema's own URI) and a $schema naming another dialect
// (the schema is read in the document's). $anchor and $dynamicAnchor only
// name a schema: a $ref to an anchor is a positioned error of
// internal/spec. None of these says "not checked", so a whole-value check
// (whole.go) neither replaces nor is asked for by these warnings.
func (b *builder) coreKeywords(sch *spec.Schema, pointer string) {
	at := ""
	if pointer != "" {
		at = pointer + ": "
	}
	if sch.DynamicRef != "" {
		b.warnf(classSchemaID, b.pos(sch), "%s$dynamicRef %q is not followed: oasgen resolves $ref only, and reads the schema as if it were absent", at, sch.DynamicRef)
	}
	if sch.Id != "" {
		b.warnf(classSchemaID, b.pos(sch), "%s$id %q is not used: references in the schema resolve against the document's location", at, sch.Id)
	}
	if d := sch.SchemaTypeRef; d != "" && !ownDialect(d) {
		b.warnf(classSchemaID, b.pos(sch), "%s$schema %s is not used: the schema is read as the document's dialect", at, d)
	}
}

// ownDialect reports whether a $schema names the dialect an OpenAPI
// document's schemas are read in: JSON Schema 2020-12 or OpenAPI's own
// dialects of it.
func ownDialect(d string) bool {
	d = strings.TrimSuffix(d, "#")
	return d == "https://json-schema.org/draft/2020-12/schema" || strings.HasPrefix(d, "https://spec.openapis.org/oas/3.")
}
