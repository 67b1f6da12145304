package gen

import (
	"strconv"

	"github.com/oasgen/oasgen/internal/ir"
)

// Sequential media types (server-sent events, JSON Lines, JSON text
// sequences) whose items the spec types (ir.Media.Item): the body is an
// iterator of typed items on both sides. A response's Body field, the
// handler's body parameter and the client's body argument hold
// iter.Seq2[T, error], or iter.Seq2[oashttp.Event[T], error] for events;
// the runtime (oasrt/events.go, oasrt/seq.go) does the framing.

// seqMedia is a body of a sequential media type with typed items.
type seqMedia struct {
	media *ir.Media
	item  ir.Type
}

// newSeqMedia returns the sequence form of m, or nil when m is not a
// sequential media type or its items are not typed.
func newSeqMedia(m *ir.Media) *seqMedia {
	if m == nil || !m.Kind.Sequential() || m.Item == nil {
		return nil
	}
	return &seqMedia{media: m, item: m.Item}
}

func (s *seqMedia) events() bool { return s.media.Kind == ir.MediaEventStream }

// format is the oasimpl.SeqFormat of JSON Lines and JSON text sequences.
func (s *seqMedia) format() Ident {
	if s.media.Kind == ir.MediaJSONSeq {
		return oasimpl("JSONSeq")
	}
	return oasimpl("JSONLines")
}

// goType is the iterator type of the body.
func (f *file) seqType(s *seqMedia) string {
	elem := f.goType(s.item)
	if s.events() {
		elem = f.qual(oashttp("Event")) + "[" + elem + "]"
	}
	return f.qual(Ident{"iter", "Seq2"}) + "[" + elem + ", error]"
}

// seqEncoder and seqDecoder return the item codecs as funcs of the
// runtime's shape: text event data is written and read as it is.
func (f *file) seqEncoder(s *seqMedia) string {
	if s.media.ItemText {
		return f.qual(oasimpl("EventText"))
	}
	c := &codec{file: f}
	return c.elemEncoder(s.item)
}

func (f *file) seqDecoder(s *seqMedia) string {
	if s.media.ItemText {
		return f.qual(oasimpl("EventTextData"))
	}
	c := &codec{file: f}
	return c.elemDecoder(s.item)
}

// seqField prints the Body field of a response variant with a sequence.
func seqField(f *file, v *variant) {
	if v.seq.events() {
		f.P("// ", v.bodyField, " yields the events of the stream. The server writes and")
		f.P("// flushes each as it is yielded; an error or panic ends the stream by")
		f.P("// aborting the connection. The client decodes each as it arrives and")
		f.P("// reconnects with Last-Event-ID after a dropped connection. Range over")
		f.P("// it once; breaking out closes the connection.")
	} else {
		f.P("// ", v.bodyField, " yields the items of the sequence (", v.media.ContentType, "),")
		f.P("// written and read one at a time. Range over it once; breaking out")
		f.P("// closes the connection.")
	}
	f.P(v.bodyField, " ", f.seqType(v.seq))
}

// seqWrite prints the writing of a variant's sequence.
func seqWrite(f *file, v *variant, status string) {
	s := v.seq
	if s.events() {
		f.P(oashttpimpl("WriteEvents"), "(rw, r, ", status, ", v.", v.bodyField, ", ", f.seqEncoder(s), ")")
		return
	}
	f.P(oashttpimpl("WriteSeq"), "(rw, r, ", status, ", ", strconv.Quote(concreteType(s.media.ContentType)), ", ", s.format(), ", v.", v.bodyField, ", ", f.seqEncoder(s), ")")
}

// hasEvents reports whether an operation answers with a typed event
// stream: its handler then sees Last-Event-ID (oashttp.LastEventID).
func hasEvents(op *apiOp) bool {
	for _, v := range op.variants {
		if v.seq != nil && v.seq.events() {
			return true
		}
	}
	return false
}

// hasSeqResponse reports whether a client method may return a variant
// whose body is read after it returns.
func hasSeqResponse(op *apiOp) bool {
	for _, v := range op.variants {
		if v.seq != nil {
			return true
		}
	}
	return false
}

// seqRequestBody prints the handler code that hands a sequence request
// body to the handler as an iterator.
func seqRequestBody(f *file, op *apiOp) {
	b := op.body
	f.P("src, done, err := s.cfg.SeqRequest(r, ", b.required, ", []string{", strconv.Quote(b.seq.media.ContentType), "})")
	f.P("if err != nil {")
	f.P("s.cfg.Error(w, r, err)")
	f.P("return")
	f.P("}")
	f.P("defer done()")
	f.P("rd := ", oasimpl("Reader"), "{MaxDepth: s.cfg.MaxDepth, Direction: ", oasimpl("InRequest"), "}")
	f.P("body := ", oashttpimpl("RequestSeq"), "(src, ", b.seq.format(), ", s.cfg.MaxItemBytes, &rd, ", f.seqDecoder(b.seq), ")")
}

// seqSendBody prints the client code that sends a sequence request body
// from the iterator it is given.
func seqSendBody(f *file, op *apiOp) {
	b := op.body
	f.P("if body != nil {")
	f.P("req.BodyReader = ", oashttpimpl("SendSeq"), "(", b.seq.format(), ", body, ", f.seqEncoder(b.seq), ")")
	f.P("req.ContentType = ", strconv.Quote(concreteType(b.seq.media.ContentType)))
	f.P("}")
}

// seqDecodeVariant prints the client code returning a variant whose body
// is read as a sequence after the method returns.
func seqDecodeVariant(f *file, v *variant) {
	s := v.seq
	if s.events() {
		f.P("v.", v.bodyField, " = ", oashttpimpl("EventsFrom"), "(ctx, c.cfg, resp, c.cfg.Resend(ctx, &req), ", f.seqDecoder(s), ")")
	} else {
		f.P("v.", v.bodyField, " = ", oashttpimpl("ResponseSeq"), "(c.cfg, resp, ", s.format(), ", ", f.seqDecoder(s), ")")
	}
	f.P("streaming = true")
}
