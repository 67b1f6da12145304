package oasimpl

// Decoding a union by trial decodes the value once per variant. A variant
// that holds the same union (a recursive schema, or unions nested in
// unions) would then decode the inner value once per outer variant, and
// the work would multiply at every level: 24 levels of a two-variant
// union cost seconds for a few hundred bytes. The Reader remembers, while
// a trial is under way, what each union found at each offset, so every
// union value is decoded once per input however the unions nest, and
// decoding stays linear in the input.

// TrialKey names a union whose values the Reader remembers while trials
// run. Generated code declares one per union decoded by trial and passes
// its address; the address is the name, so two packages never share one.
type TrialKey struct{ _ byte }

// Trial is what decoding a union's value at one offset found.
type Trial struct {
	// Value is a pointer to a copy of the decoded value, of the union's
	// Go type; nil when Err is set.
	Value any
	// Err is the error the value was rejected with, or nil.
	Err error
	end Mark
}

type trialAt struct {
	key *TrialKey
	at  int
}

// Recall returns what the union k found for the value at offset at, when
// it has been decoded there since the outermost running trial began; when
// the value was valid, the Reader is then past it. Generated union
// decoders call it first.
func (r *Reader) Recall(k *TrialKey, at int) (Trial, bool) {
	if len(r.trials) == 0 {
		return Trial{}, false
	}
	t, ok := r.trials[trialAt{k, at}]
	if ok && t.Err == nil {
		r.Restore(t.end)
	}
	return t, ok
}

// TrialStart notes that a union begins to decode a value by trial.
func (r *Reader) TrialStart() { r.trialDepth++ }

// TrialEnd notes that the trial begun by the matching TrialStart is over
// and reports whether another trial is still running, around it: only
// then can the same value be asked for again, and the caller remembers
// it with Remember. When the outermost trial ends, the Reader forgets
// what it remembered.
func (r *Reader) TrialEnd() bool {
	r.trialDepth--
	if r.trialDepth > 0 {
		return true
	}
	r.trialDepth = 0
	switch n := len(r.trials); {
	case n > maxKeptTrials:
		// A Reader kept in a pool would hold this input's memo for the
		// next: let it go.
		r.trials = nil
	case n > 0:
		clear(r.trials)
	}
	return false
}

// maxKeptTrials is the size past which TrialEnd drops the memo rather than
// clearing it for the next input.
const maxKeptTrials = 256

// Remember records what the union k found for the value at offset at: v
// (a pointer to a copy of the value) or err. The Reader is past the value.
func (r *Reader) Remember(k *TrialKey, at int, v any, err error) {
	if r.trials == nil {
		r.trials = make(map[trialAt]Trial)
	}
	if err != nil {
		v = nil
	}
	r.trials[trialAt{k, at}] = Trial{Value: v, Err: err, end: r.Mark()}
}
