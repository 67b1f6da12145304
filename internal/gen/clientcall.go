package gen

import "strings"

// clientSig is the signature of op's client method: the Handler's (a
// webhook's takes the subscriber's URL first), with the call's options
// last.
func (f *file) clientSig(op *apiOp) string {
	sig := f.handlerSig(op)
	if op.SentToURL() {
		sig = f.sentSig(op)
	}
	return strings.Replace(sig, ") (", ", opts ..."+f.qual(oashttp("CallOption"))+") (", 1)
}
