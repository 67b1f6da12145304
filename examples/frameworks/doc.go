// Package frameworks shows generated types and the generated server served
// from net/http, chi, gin and echo through oasgen's adapter modules
// (contrib/chi, contrib/gin, contrib/echo): each framework's renderer or
// serializer hook writes a value with its generated EncodeJSON and reads a
// body with its generated DecodeJSON, checking the schema, instead of going
// through encoding/json. It is a module of its own, so the frameworks never
// enter oasgen's dependencies; docs/frameworks.md explains the adapters.
package frameworks
