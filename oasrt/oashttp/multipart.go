package oashttp

import (
	"io"
	"strconv"
)

// DefaultMaxMultipartMemory is the default bound on the bytes of a
// multipart/form-data request held in memory: 1 MiB.
const DefaultMaxMultipartMemory = 1 << 20

// WithMaxMultipartMemory bounds the bytes of a multipart/form-data request
// body held in memory: the values of its parts that are not files, which
// must fit (413), and the files, whose content past the bound goes to
// temporary files. 0 means DefaultMaxMultipartMemory. The body as a whole is
// bounded by WithMaxBodyBytes.
func WithMaxMultipartMemory(n int64) ServerOption {
	return func(c *ServerConfig) { c.MaxMultipartMemory = n }
}

// File is a file in a multipart/form-data request body: a property of
// format binary. A server reads it from Body, which holds the part's
// content in memory while it fits the server's multipart memory bound and
// in a temporary file past it; the file is removed when the handler
// returns, so Body is valid until then. A client sends Body as it reads it,
// without buffering.
type File struct {
	// Filename is the file name the part gives (its Content-Disposition
	// filename); empty when there is none.
	Filename string
	// ContentType is the part's Content-Type; a client sends
	// application/octet-stream when it is empty.
	ContentType string
	// Size is the content's length in bytes on the server; a client
	// ignores it.
	Size int64
	// Body is the content.
	Body io.Reader
}

// MaxMultipartParts bounds the parts of a multipart/form-data body, known
// or not, as mime/multipart's ReadForm does by default: each part costs a
// few allocations however small it is, so the body limit alone would let
// a request of tiny parts cost far more than its size. More is a 413.
const MaxMultipartParts = 1000

// PartTooLargeError reports a multipart part that is not a file and does
// not fit the server's multipart memory bound (413).
type PartTooLargeError struct {
	Name  string
	Limit int64
}

func (e *PartTooLargeError) Error() string {
	return "multipart part " + strconv.Quote(e.Name) + " does not fit the " + strconv.FormatInt(e.Limit, 10) + " bytes a server holds in memory"
}

// MaxMultipartTempFiles bounds the files of one multipart/form-data body
// that go to temporary files (those past the memory bound): each holds a
// file descriptor and disk until the handler returns. More is a 413.
const MaxMultipartTempFiles = 64
