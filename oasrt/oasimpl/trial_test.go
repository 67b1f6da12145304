package oasimpl

import (
	"errors"
	"testing"
)

// TestTrialMemo walks the memo's life: nothing is remembered outside a
// trial, a remembered value is recalled with the Reader moved past it,
// an error without moving, and the outermost TrialEnd forgets it all
// (dropping a memo past maxKeptTrials), as Reset does after a failure.
func TestTrialMemo(t *testing.T) {
	var k1, k2 TrialKey
	r := NewReader([]byte(`[{"a":1},{"b":2}]`))
	if _, ok := r.Recall(&k1, 1); ok {
		t.Fatal("recalled with no trial running")
	}
	r.TrialStart() // the outer union
	if err := r.ArrStart(); err != nil {
		t.Fatal(err)
	}
	r.ArrNext()
	at := r.Start()
	r.TrialStart() // an inner union at offset 1
	if err := r.Skip(); err != nil {
		t.Fatal(err)
	}
	if !r.TrialEnd() {
		t.Fatal("TrialEnd inside a trial: want true")
	}
	v := 42
	r.Remember(&k1, at, &v, nil)
	bad := errors.New("no variant")
	r.Remember(&k2, at, &v, bad)
	end := r.Offset()

	r.Restore(Mark{pos: at})
	got, ok := r.Recall(&k1, at)
	if !ok || *got.Value.(*int) != 42 || got.Err != nil || r.Offset() != end {
		t.Errorf("Recall(k1) = %+v, %v at offset %d; want 42 at %d", got, ok, r.Offset(), end)
	}
	r.Restore(Mark{pos: at})
	got, ok = r.Recall(&k2, at)
	if !ok || got.Err != bad || got.Value != nil || r.Offset() != at {
		t.Errorf("Recall(k2) = %+v, %v at offset %d; want the error at %d", got, ok, r.Offset(), at)
	}
	if r.TrialEnd() {
		t.Fatal("the outermost TrialEnd: want false")
	}
	if _, ok := r.Recall(&k1, at); ok || len(r.trials) != 0 {
		t.Errorf("recalled after the outermost trial ended (%d kept)", len(r.trials))
	}

	// A large memo is dropped, not kept for the next input.
	r.TrialStart()
	for i := range maxKeptTrials + 1 {
		r.Remember(&k1, i, &v, nil)
	}
	r.TrialEnd()
	if r.trials != nil {
		t.Errorf("a memo of %d values is kept", maxKeptTrials+1)
	}
	// A decode that fails inside a trial leaves it running: Reset ends it.
	r.TrialStart()
	r.Remember(&k1, 0, &v, nil)
	r.Reset([]byte(`1`))
	if r.trialDepth != 0 || len(r.trials) != 0 {
		t.Errorf("after Reset: depth %d, %d kept", r.trialDepth, len(r.trials))
	}
}
