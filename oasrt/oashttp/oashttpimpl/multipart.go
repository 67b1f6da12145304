package oashttpimpl

import (
	"bytes"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"os"
	"strconv"
	"strings"

	"github.com/oasgen/oasgen/oasrt/oashttp"
)

// Multipart reads a multipart/form-data request body one part at a time,
// for the generated decoders: Next moves to a part, Value or oashttp.File reads it.
// Parts nobody reads are skipped without being stored. Close removes the
// temporary files.
type Multipart struct {
	mr     *multipart.Reader
	src    *headerBound
	part   *multipart.Part
	memory int64 // bytes of the memory bound not yet used
	limit  int64
	temps  []*os.File
	parts  int
}

// headerBound reads the body under the multipart reader and, while armed
// (as a part's headers are read), fails once more than max bytes pass:
// mime/multipart holds a part's headers whole in memory (up to 10 MiB of
// them), so they are bounded by the multipart memory bound.
type headerBound struct {
	r     io.Reader
	n     int64
	max   int64
	armed bool
}

var errPartHeaders = errors.New("multipart part headers are larger than the memory bound")

func (h *headerBound) Read(p []byte) (int, error) {
	if h.armed && h.n > h.max {
		return 0, errPartHeaders
	}
	n, err := h.r.Read(p)
	h.n += int64(n)
	return n, err
}

// minHeaderRoom is what a part's headers may take however little is left
// of the memory bound.
const minHeaderRoom = 16 << 10

// headerSlack is what the multipart reader may read past a part's headers
// into its content while it reads them: its buffer.
const headerSlack = 8 << 10

// IsMultipart reports whether a Content-Type is multipart/form-data.
func IsMultipart(ct string) bool {
	return strings.EqualFold(mediaType(ct), "multipart/form-data")
}

// MultipartBody checks a multipart/form-data request body's Content-Type
// (415) and boundary (400) and returns a reader of its parts, limited to
// MaxBodyBytes (413). It returns nil and no error for an absent body that
// is not required, and a *oashttp.BodyError wrapping oashttp.ErrMissing for one that is.
func (c *Server) MultipartBody(w http.ResponseWriter, r *http.Request, required bool) (*Multipart, error) {
	if absent, err := absentBody(r, required); absent {
		return nil, err
	}
	if r.ContentLength > c.MaxBodyBytes {
		return nil, &oashttp.TooLargeError{Limit: c.MaxBodyBytes}
	}
	ct := r.Header.Get("Content-Type")
	if !IsMultipart(ct) {
		return nil, &oashttp.MediaTypeError{Got: ct, Want: []string{"multipart/form-data"}}
	}
	_, params, err := mime.ParseMediaType(ct)
	if err != nil || params["boundary"] == "" {
		return nil, &oashttp.BodyError{Err: errors.New("multipart/form-data without a boundary")}
	}
	memory := c.MaxMultipartMemory
	if memory <= 0 {
		memory = oashttp.DefaultMaxMultipartMemory
	}
	src := &headerBound{r: http.MaxBytesReader(w, r.Body, c.MaxBodyBytes)}
	return &Multipart{mr: multipart.NewReader(src, params["boundary"]), src: src, memory: memory, limit: memory}, nil
}

// Next moves to the next part that has a form name and returns the name;
// at the end it returns io.EOF. Errors are the body's: a *oashttp.BodyError for
// a malformed body, a *oashttp.TooLargeError past the body limit.
func (m *Multipart) Next() (string, error) {
	for {
		if m.part != nil {
			// What the decoder did not read of the previous part.
			if _, err := io.Copy(io.Discard, m.part); err != nil {
				return "", m.bodyErr(err)
			}
			m.part.Close()
			m.part = nil
		}
		// The headers of each part must fit what is left of the memory
		// bound (or minHeaderRoom, so that a bound spent on values
		// still lets parts be told apart); they are not kept past the part (the generated
		// decoders keep a file's name and type), so they are not
		// deducted from it.
		room := max(m.memory, minHeaderRoom)
		m.src.n, m.src.max, m.src.armed = 0, room+headerSlack, true
		p, err := m.mr.NextPart()
		m.src.armed = false
		if err == io.EOF {
			return "", io.EOF
		}
		if err == nil && headerBytes(p.Header) > room {
			p.Close()
			err = errPartHeaders
		}
		if err != nil {
			return "", m.bodyErr(err)
		}
		if m.parts++; m.parts > oashttp.MaxMultipartParts {
			p.Close()
			return "", &oashttp.BodyError{Err: errors.New("more than " + strconv.Itoa(oashttp.MaxMultipartParts) + " multipart parts"), Status: http.StatusRequestEntityTooLarge}
		}
		m.part = p
		if name := p.FormName(); name != "" {
			return name, nil
		}
	}
}

// bodyErr turns an error reading the body into the server's: a
// *oashttp.TooLargeError past the body limit, a *oashttp.BodyError otherwise.
func (m *Multipart) bodyErr(err error) error {
	var mb *http.MaxBytesError
	if errors.As(err, &mb) {
		return &oashttp.TooLargeError{Limit: mb.Limit}
	}
	if errors.Is(err, errPartHeaders) {
		return &oashttp.PartTooLargeError{Name: "(headers)", Limit: m.limit}
	}
	return &oashttp.BodyError{Err: err}
}

// Value reads the current part whole as text; a part that does not fit
// what is left of the memory bound is a *oashttp.PartTooLargeError.
func (m *Multipart) Value() (string, error) {
	var b strings.Builder
	n, err := io.Copy(&b, io.LimitReader(m.part, m.memory+1))
	if err != nil {
		return "", m.bodyErr(err)
	}
	if n > m.memory {
		return "", &oashttp.PartTooLargeError{Name: m.part.FormName(), Limit: m.limit}
	}
	m.memory -= n
	return b.String(), nil
}

// oashttp.File reads the current part as a file: its content is kept in memory
// while it fits what is left of the memory bound, and goes on to a
// temporary file past it, in chunks, so a file is never whole in memory.
func (m *Multipart) File() (*oashttp.File, error) {
	f := &oashttp.File{Filename: m.part.FileName(), ContentType: m.part.Header.Get("Content-Type")}
	var head bytes.Buffer
	n, err := io.Copy(&head, io.LimitReader(m.part, m.memory))
	if err != nil {
		return nil, m.bodyErr(err)
	}
	m.memory -= n
	// One byte more tells whether the part goes on past the bound.
	var one [1]byte
	k, err := io.ReadFull(m.part, one[:])
	if k == 0 {
		if err != nil && err != io.EOF {
			return nil, m.bodyErr(err)
		}
		f.Size, f.Body = n, bytes.NewReader(head.Bytes())
		return f, nil
	}
	if len(m.temps) >= oashttp.MaxMultipartTempFiles {
		return nil, &oashttp.BodyError{Err: errors.New("more than " + strconv.Itoa(oashttp.MaxMultipartTempFiles) + " files past the memory bound"), Status: http.StatusRequestEntityTooLarge}
	}
	tmp, err := os.CreateTemp("", "oasrt-multipart-")
	if err != nil {
		return nil, err
	}
	m.temps = append(m.temps, tmp)
	if _, err := tmp.Write(head.Bytes()); err != nil {
		return nil, err
	}
	if _, err := tmp.Write(one[:]); err != nil {
		return nil, err
	}
	rest, err := io.Copy(tmp, m.part)
	if err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return nil, &oashttp.TooLargeError{Limit: mb.Limit}
		}
		return nil, err
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	f.Size, f.Body = n+1+rest, tmp
	return f, nil
}

// headerBytes is the size of a part's headers as held in memory.
func headerBytes(h map[string][]string) int64 {
	var n int64
	for k, vs := range h {
		for _, v := range vs {
			n += int64(len(k) + len(v))
		}
	}
	return n
}

// Close removes the temporary files of the body's files. Generated servers
// call it when the handler returns.
func (m *Multipart) Close() error {
	var first error
	for _, t := range m.temps {
		t.Close()
		if err := os.Remove(t.Name()); err != nil && first == nil {
			first = err
		}
	}
	m.temps = nil
	return first
}

// MultipartWriter encodes a multipart/form-data request body for generated
// clients while it is sent: files are copied from their Body as the
// transport reads, never whole in memory.
type MultipartWriter struct {
	pr *io.PipeReader
	pw *io.PipeWriter
	mw *multipart.Writer
}

// NewMultipartWriter returns a writer whose parts, added by write in a
// goroutine of its own, are read from Reader. ContentType gives the
// boundary.
func NewMultipartWriter(write func(w *MultipartWriter) error) *MultipartWriter {
	pr, pw := io.Pipe()
	m := &MultipartWriter{pr: pr, pw: pw, mw: multipart.NewWriter(pw)}
	go func() {
		err := write(m)
		if err == nil {
			err = m.mw.Close()
		}
		pw.CloseWithError(err)
	}()
	return m
}

// Reader returns the encoded body.
func (m *MultipartWriter) Reader() io.Reader { return m.pr }

// ContentType returns multipart/form-data with the boundary.
func (m *MultipartWriter) ContentType() string { return m.mw.FormDataContentType() }

// Value adds a part holding text.
func (m *MultipartWriter) Value(name, value string) error {
	return m.mw.WriteField(name, value)
}

// oashttp.File adds a file part and copies f.Body into it; a nil f adds nothing.
func (m *MultipartWriter) File(name string, f *oashttp.File) error {
	if f == nil {
		return nil
	}
	h := make(map[string][]string, 2)
	disp := `form-data; name="` + quoteEscaper.Replace(name) + `"`
	if f.Filename != "" {
		disp += `; filename="` + quoteEscaper.Replace(f.Filename) + `"`
	}
	h["Content-Disposition"] = []string{disp}
	ct := f.ContentType
	if ct == "" {
		ct = "application/octet-stream"
	}
	h["Content-Type"] = []string{ct}
	w, err := m.mw.CreatePart(h)
	if err != nil {
		return err
	}
	if f.Body != nil {
		_, err = io.Copy(w, f.Body)
	}
	return err
}

// quoteEscaper escapes a quoted-string of a Content-Disposition header as
// mime/multipart reads it back.
var quoteEscaper = strings.NewReplacer("\\", "\\\\", `"`, "\\\"")
