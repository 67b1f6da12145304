package ir

import "strings"

// The kinds below are strings with the spellings of the spec, so that a
// value reads as the spec wrote it in messages; code compares them with
// the named constants.

// Location is where a parameter, or an apiKey credential, is sent
// (OpenAPI 3.1, 4.8.12.1).
type Location string

const (
	InPath   Location = "path"
	InQuery  Location = "query"
	InHeader Location = "header"
	InCookie Location = "cookie"
)

// Style is how a parameter's value is serialized (OpenAPI 3.1, 4.8.12.4).
type Style string

const (
	StyleMatrix         Style = "matrix"
	StyleLabel          Style = "label"
	StyleSimple         Style = "simple"
	StyleForm           Style = "form"
	StyleSpaceDelimited Style = "spaceDelimited"
	StylePipeDelimited  Style = "pipeDelimited"
	StyleDeepObject     Style = "deepObject"
)

// DefaultStyle is the style of a parameter that names none: simple for
// path and header parameters, form for query and cookie ones.
func DefaultStyle(in Location) Style {
	if in == InPath || in == InHeader {
		return StyleSimple
	}
	return StyleForm
}

// SchemeType is the type of a security scheme (OpenAPI 3.1, 4.8.27.1).
type SchemeType string

const (
	SchemeAPIKey        SchemeType = "apiKey"
	SchemeHTTP          SchemeType = "http"
	SchemeOAuth2        SchemeType = "oauth2"
	SchemeOpenIDConnect SchemeType = "openIdConnect"
	SchemeMutualTLS     SchemeType = "mutualTLS"
)

// MediaKind is how oasgen reads and writes a body of a media type.
type MediaKind uint8

const (
	// MediaOther is a body oasgen passes on as bytes (application/octet-stream,
	// text/plain, image/png, a wildcard).
	MediaOther MediaKind = iota
	// MediaJSON is application/json and every +json type (RFC 6839):
	// decoded with the generated codecs.
	MediaJSON
	// MediaForm is application/x-www-form-urlencoded.
	MediaForm
	// MediaMultipart is multipart/form-data.
	MediaMultipart
	// MediaEventStream is text/event-stream: server-sent events, each
	// event's data typed by Media.Item.
	MediaEventStream
	// MediaJSONLines is JSON Lines and NDJSON (application/jsonl,
	// application/x-ndjson and their aliases): one JSON value of type
	// Media.Item per line.
	MediaJSONLines
	// MediaJSONSeq is a JSON text sequence (application/json-seq, RFC
	// 7464): each JSON value of type Media.Item after an RS byte.
	MediaJSONSeq
)

// Sequential reports whether a body of kind k is a sequence of items,
// each typed by Media.Item, read and written one at a time.
func (k MediaKind) Sequential() bool {
	return k == MediaEventStream || k == MediaJSONLines || k == MediaJSONSeq
}

// RawMedia reports whether a body of media type m is passed on as bytes
// (an io.Reader), not decoded: a kind oasgen has no codec for, or a
// sequence whose items the spec does not type.
func RawMedia(m *Media) bool {
	switch {
	case m.Kind == MediaJSON:
		return false
	case m.Kind.Sequential():
		return m.Item == nil
	}
	return true
}

// ClassifyMedia returns the kind of a media type as a spec writes it
// (parameters, case and spaces allowed). It is the one place that decides
// what a media type is.
func ClassifyMedia(ct string) MediaKind {
	mt, _, _ := strings.Cut(ct, ";")
	mt = strings.ToLower(strings.TrimSpace(mt))
	switch {
	case mt == "application/json", strings.HasSuffix(mt, "+json") && strings.Contains(mt, "/"):
		return MediaJSON
	case mt == "application/x-www-form-urlencoded":
		return MediaForm
	case mt == "multipart/form-data":
		return MediaMultipart
	case mt == "text/event-stream":
		return MediaEventStream
	case mt == "application/jsonl", mt == "application/x-ndjson", mt == "application/x-jsonlines",
		mt == "application/jsonlines", mt == "application/ndjson":
		return MediaJSONLines
	case mt == "application/json-seq":
		return MediaJSONSeq
	}
	return MediaOther
}

// JSONType is the type of a JSON value as JSON Schema's type keyword
// names it; "integer" is a number without fraction.
type JSONType string

const (
	JSONNull    JSONType = "null"
	JSONBoolean JSONType = "boolean"
	JSONObject  JSONType = "object"
	JSONArray   JSONType = "array"
	JSONNumber  JSONType = "number"
	JSONInteger JSONType = "integer"
	JSONString  JSONType = "string"
	// JSONAny is the kind of a union variant that takes a value of any
	// type (a free-form schema, a union of them); never a schema's type.
	JSONAny JSONType = "any"
)

// JSONTypes returns the types a schema's type keyword lists, in its order.
func JSONTypes(ts []string) []JSONType {
	if ts == nil {
		return nil
	}
	out := make([]JSONType, len(ts))
	for i, t := range ts {
		out[i] = JSONType(t)
	}
	return out
}

// JoinTypes joins types with sep, for messages.
func JoinTypes(ts []JSONType, sep string) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = string(t)
	}
	return strings.Join(s, sep)
}
