package oashttp

import (
	"errors"
	"net/http"
	"strconv"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

// Problem is an RFC 9457 problem details object, the body of every error
// response a generated server writes (as application/problem+json). Besides
// the standard members it names what failed: a parameter (its name and
// location) or a place in the request body (a JSON path and byte offset).
//
// Problem is also an error: a handler that returns one gets it written as is.
type Problem struct {
	// Type is a URI identifying the problem type; empty means
	// "about:blank" (RFC 9457, section 4.2.1) and is not written.
	Type string
	// Title is a short summary of the problem type; for about:blank the
	// status text.
	Title string
	// Status is the HTTP status code.
	Status int
	// Detail explains this occurrence.
	Detail string
	// Instance is a URI identifying this occurrence; optional.
	Instance string
	// Parameter and In name the request parameter that failed ("petId",
	// "path"), when one did.
	Parameter, In string
	// Path is the JSON path of the failing value in the request body
	// ("$.photoUrls[1]"), when the body failed to decode.
	Path string
	// Offset is the byte offset in the request body where decoding failed,
	// or -1 when there is none.
	Offset int64
}

// Error returns the problem as one line: title, detail and location.
func (p *Problem) Error() string {
	s := strconv.Itoa(p.Status) + " " + p.Title
	if p.Detail != "" {
		s += ": " + p.Detail
	}
	return s
}

// EncodeJSON writes the problem as a JSON object with the members of RFC
// 9457 and the extension members "parameter", "in", "path" and "offset".
func (p *Problem) EncodeJSON(w *oasimpl.Writer) {
	start := len(w.Buf)
	if p.Type != "" {
		w.Raw(`,"type":`)
		w.String(p.Type)
	}
	w.Raw(`,"title":`)
	w.String(p.Title)
	w.Raw(`,"status":`)
	w.Int(int64(p.Status))
	if p.Detail != "" {
		w.Raw(`,"detail":`)
		w.String(p.Detail)
	}
	if p.Instance != "" {
		w.Raw(`,"instance":`)
		w.String(p.Instance)
	}
	if p.Parameter != "" {
		w.Raw(`,"parameter":`)
		w.String(p.Parameter)
		w.Raw(`,"in":`)
		w.String(p.In)
	}
	if p.Path != "" {
		w.Raw(`,"path":`)
		w.String(p.Path)
	}
	if p.Offset >= 0 && p.Path != "" {
		w.Raw(`,"offset":`)
		w.Int(p.Offset)
	}
	w.ObjectEnd(start)
}

// DecodeJSON reads a problem object; members it does not know are skipped,
// as RFC 9457 requires of consumers.
func (p *Problem) DecodeJSON(r *oasimpl.Reader) error {
	p.Offset = -1
	if err := r.ObjStart(); err != nil {
		return err
	}
	for {
		key, more, err := r.ObjKey()
		if err != nil {
			return err
		}
		if !more {
			return nil
		}
		var dst *string
		switch string(key) {
		case "type":
			dst = &p.Type
		case "title":
			dst = &p.Title
		case "detail":
			dst = &p.Detail
		case "instance":
			dst = &p.Instance
		case "parameter":
			dst = &p.Parameter
		case "in":
			dst = &p.In
		case "path":
			dst = &p.Path
		case "status", "offset":
			name := string(key)
			if r.Next() != oasimpl.Number {
				if err := r.Skip(); err != nil {
					return err
				}
				continue
			}
			n, err := r.Int(64)
			if err != nil {
				return oasrt.AtKey(err, name)
			}
			if name == "status" {
				p.Status = int(n)
			} else {
				p.Offset = n
			}
			continue
		}
		if dst == nil || r.Next() != oasimpl.String {
			if err := r.Skip(); err != nil {
				return err
			}
			continue
		}
		s, err := r.Str()
		if err != nil {
			return err
		}
		*dst = s
	}
}

// The errors a generated server reports. ProblemOf maps each to its status.
var (
	// ErrNotFound: no route matches the request path (404).
	ErrNotFound = errors.New("no operation at this path")
	// ErrNotImplemented: the Handler does not implement the operation; the
	// generated Unimplemented type returns it (501).
	ErrNotImplemented = errors.New("operation not implemented")
	// ErrNoResponse: a Handler returned a nil response and a nil error (500).
	ErrNoResponse = errors.New("handler returned no response")
)

// MethodError reports a path that exists without the request's method
// (405). The server sets the Allow header before calling the ErrorWriter.
type MethodError struct {
	Method string
	Allow  string // the allowed methods, comma-separated
}

func (e *MethodError) Error() string {
	return "method " + e.Method + " not allowed; allowed: " + e.Allow
}

// ParamError reports a request parameter that is missing or does not parse
// (400).
type ParamError struct {
	Name string // the parameter's name in the spec
	In   string // path, query, header or cookie
	Err  error
}

func (e *ParamError) Error() string {
	return e.In + " parameter " + strconv.Quote(e.Name) + ": " + e.Err.Error()
}

func (e *ParamError) Unwrap() error { return e.Err }

// ErrMissing is the cause of a ParamError for a required parameter that is
// absent, and of a BodyError for a required body that is empty.
var ErrMissing = errors.New("required but missing")

// BodyError reports a request body that does not decode (400, or 422: see
// Status). When the cause is an *Error, the problem names its JSON path and
// offset.
type BodyError struct {
	Err error
	// Status is the response status: 0 means 400, for content that does
	// not parse. Generated servers set 422 (Unprocessable Content) for
	// content that parses but breaks the schema, or 400 where
	// the operation documents 400 and not 422.
	Status int
}

func (e *BodyError) Error() string { return "request body: " + e.Err.Error() }

func (e *BodyError) Unwrap() error { return e.Err }

// TooLargeError reports a request body over the server's limit (413).
type TooLargeError struct{ Limit int64 }

func (e *TooLargeError) Error() string {
	return "request body is larger than " + strconv.FormatInt(e.Limit, 10) + " bytes"
}

// MediaTypeError reports a request Content-Type the operation does not
// accept (415).
type MediaTypeError struct {
	Got  string
	Want []string
}

func (e *MediaTypeError) Error() string {
	s := "content type " + strconv.Quote(e.Got) + " is not accepted; want "
	for i, w := range e.Want {
		if i > 0 {
			s += " or "
		}
		s += w
	}
	return s
}

// PanicError is what a panicking handler becomes (500). Its value is not
// shown to the client.
type PanicError struct{ Value any }

func (e *PanicError) Error() string { return "handler panicked" }

// ProblemOf returns the problem describing err, for writing as the
// response: the status follows from the error type (see the errors above);
// a *Problem anywhere in err's chain is used as it is when its status is
// an error's (4xx or 5xx); any other error, and a problem with another
// status, is a 500 whose detail is not disclosed.
func ProblemOf(err error) *Problem {
	p := new(Problem)
	fillProblem(p, err)
	return p
}

// fillProblem sets p from err. The errors the server makes itself are
// matched by type first, which allocates nothing; wrapped ones go through
// errors.As.
func fillProblem(p *Problem, err error) {
	*p = Problem{Offset: -1}
	switch e := err.(type) {
	case *Problem:
		*p = *e
		if !errorStatus(p.Status) {
			// A handler's problem with a status that is not an error's
			// (0, 200, 302...) is a bug of the handler: answered as
			// any other error would be, without its text.
			*p = Problem{Status: http.StatusInternalServerError, Offset: -1}
			break
		}
		return
	case *MethodError:
		p.Status, p.Detail = http.StatusMethodNotAllowed, e.Error()
	case *ParamError:
		p.Status, p.Detail, p.Parameter, p.In = http.StatusBadRequest, e.Error(), e.Name, e.In
	case *TooLargeError:
		p.Status, p.Detail = http.StatusRequestEntityTooLarge, e.Error()
	case *PartTooLargeError:
		p.Status, p.Detail = http.StatusRequestEntityTooLarge, e.Error()
	case *MediaTypeError:
		p.Status, p.Detail = http.StatusUnsupportedMediaType, e.Error()
	case *EncodingError:
		p.Status, p.Detail = http.StatusUnsupportedMediaType, e.Error()
	case *NotAcceptableError:
		p.Status, p.Detail = http.StatusNotAcceptable, e.Error()
	case *BodyError:
		p.Status, p.Detail = http.StatusBadRequest, e.Error()
		if e.Status != 0 {
			p.Status = e.Status
		}
		var de *oasrt.Error
		if errors.As(e.Err, &de) {
			p.Path, p.Offset = de.Path(), de.Offset
		}
	case *PanicError, *ResponseCheckError:
		p.Status = http.StatusInternalServerError
	case *SecurityError:
		securityProblem(p, e)
		return
	case *OperationError:
		handlerProblem(p, e.Err)
		return
	default:
		switch {
		case err == ErrNotFound:
			p.Status, p.Detail = http.StatusNotFound, err.Error()
		case err == ErrNotImplemented:
			p.Status, p.Detail = http.StatusNotImplemented, err.Error()
		default:
			if !fillWrapped(p, err) {
				p.Status = http.StatusInternalServerError
			}
		}
	}
	p.Title = http.StatusText(p.Status)
}

// OperationError is an error the handler of an operation returned (or its
// result's, when the result failed to encode), as the error writer gets
// it: ProblemOf answers it as a handler's error and not as one the server
// found itself. Only a *Problem in its chain is shown to the client; the
// request body errors the handler met reading its own body (a *BodyError,
// a body over the limit) keep their status and detail; ErrNotFound and
// ErrNotImplemented keep theirs. Anything else, a *ParamError or
// *MediaTypeError wrapped by the handler included, is a 500 whose detail
// is not disclosed: such an error came from elsewhere (another service's
// client, say), and its text is not this request's to show.
type OperationError struct {
	// Operation is the operation's id.
	Operation string
	Err       error
}

func (e *OperationError) Error() string { return e.Err.Error() }

func (e *OperationError) Unwrap() error { return e.Err }

// handlerProblem sets p from err, the error a handler returned.
func handlerProblem(p *Problem, err error) {
	var (
		prob *Problem
		be   *BodyError
		tl   *TooLargeError
		ptl  *PartTooLargeError
		mb   *http.MaxBytesError
	)
	var inner error
	switch {
	case errors.As(err, &prob):
		inner = prob
	case errors.As(err, &be):
		inner = be
	case errors.As(err, &tl):
		inner = tl
	case errors.As(err, &ptl):
		inner = ptl
	case errors.As(err, &mb):
		inner = &TooLargeError{Limit: mb.Limit}
	case errors.Is(err, ErrNotFound):
		inner = ErrNotFound
	case errors.Is(err, ErrNotImplemented):
		inner = ErrNotImplemented
	default:
		p.Status, p.Title = http.StatusInternalServerError, http.StatusText(http.StatusInternalServerError)
		return
	}
	fillProblem(p, inner)
}

// errorStatus reports whether status is an error's: 4xx or 5xx.
func errorStatus(status int) bool { return status >= 400 && status <= 599 }

// fillWrapped sets p from a server error wrapped inside err, reporting
// whether there was one.
func fillWrapped(p *Problem, err error) bool {
	var (
		prob *Problem
		me   *MethodError
		pe   *ParamError
		be   *BodyError
		tl   *TooLargeError
		mt   *MediaTypeError
		ee   *EncodingError
		na   *NotAcceptableError
		mb   *http.MaxBytesError
	)
	var inner error
	switch {
	case errors.As(err, &prob):
		inner = prob
	case errors.As(err, &me):
		inner = me
	case errors.As(err, &pe):
		inner = pe
	case errors.As(err, &be):
		inner = be
	case errors.As(err, &tl):
		inner = tl
	case errors.As(err, &mt):
		inner = mt
	case errors.As(err, &ee):
		inner = ee
	case errors.As(err, &na):
		inner = na
	case errors.As(err, &mb):
		// A streamed body (RawBody) passed the limit while the handler
		// read it, and the handler returned the read error.
		inner = &TooLargeError{Limit: mb.Limit}
	case errors.Is(err, ErrNotFound):
		inner = ErrNotFound
	case errors.Is(err, ErrNotImplemented):
		inner = ErrNotImplemented
	default:
		return false
	}
	fillProblem(p, inner)
	return true
}

// ErrorWriter writes the response for a request that failed before or
// inside its handler. Replace it with WithErrorWriter; ProblemOf
// gives the status and description a replacement may want.
type ErrorWriter func(w http.ResponseWriter, r *http.Request, err error)

// WriteError is the default ErrorWriter: it writes ProblemOf(err) as
// application/problem+json.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	if err == ErrNotFound {
		// The commonest error, and the one scanners send by the thousand:
		// its body is encoded once.
		h := w.Header()
		h["Content-Type"] = problemType
		delete(h, "Content-Length") // canonical already: Del would canonicalize it again
		w.WriteHeader(http.StatusNotFound)
		w.Write(notFoundBody)
		return
	}
	var p Problem
	fillProblem(&p, err)
	WriteProblem(w, &p)
}

var (
	problemType  = []string{"application/problem+json"}
	notFoundBody = func() []byte {
		b, _ := oasimpl.Encode(ProblemOf(ErrNotFound))
		return b
	}()
)

// WriteProblem writes p as an application/problem+json response with p's
// status; a status that is not an error's (4xx, 5xx) is written as a 500,
// in the header and the body alike.
func WriteProblem(w http.ResponseWriter, p *Problem) {
	if !errorStatus(p.Status) {
		p = &Problem{Status: http.StatusInternalServerError, Title: http.StatusText(http.StatusInternalServerError), Offset: -1}
	}
	buf := oasimpl.GetWriter()
	p.EncodeJSON(buf)
	h := w.Header()
	h["Content-Type"] = problemType
	delete(h, "Content-Length")
	w.WriteHeader(p.Status)
	w.Write(buf.Buf)
	oasimpl.ReleaseWriter(buf)
}

// MarshalJSON implements json.Marshaler.
func (p *Problem) MarshalJSON() ([]byte, error) { return oasimpl.Encode(p) }

// UnmarshalJSON implements json.Unmarshaler.
func (p *Problem) UnmarshalJSON(data []byte) error { return oasimpl.Decode(data, p) }
