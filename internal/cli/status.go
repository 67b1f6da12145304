package cli

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// A statusLine shows, on a terminal, what a long run is doing: one line,
// rewritten in place every tick once the run has taken statusAfter,
// and cleared when it ends. A nil *statusLine shows nothing, as when
// stderr is no terminal: piped output stays as it was.
type statusLine struct {
	w     io.Writer
	cmd   string
	start time.Time
	mu    sync.Mutex
	stage string
	last  string // the line shown
	shown bool
	stop  chan struct{}
	done  chan struct{}
	once  sync.Once
}

// statusAfter is how long a run goes before its progress shows, and
// statusTick how often the line is rewritten.
const (
	statusAfter = time.Second
	statusTick  = 250 * time.Millisecond
)

// isTerminal reports whether w is a terminal (a character device), the
// only place a status line is shown.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// startStatus starts showing the progress of cmd on w when w is a
// terminal and v is not quiet; otherwise it returns nil.
func startStatus(w io.Writer, cmd string, v verbosity) *statusLine {
	if v == quiet || !isTerminal(w) {
		return nil
	}
	return runStatus(w, cmd, statusAfter, statusTick)
}

// runStatus shows the progress of cmd on w after the delay after,
// every tick.
func runStatus(w io.Writer, cmd string, after, tick time.Duration) *statusLine {
	p := &statusLine{w: w, cmd: cmd, start: time.Now(), stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(p.done)
		t := time.NewTicker(tick)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case now := <-t.C:
				if now.Sub(p.start) >= after {
					p.show(now)
				}
			}
		}
	}()
	return p
}

// set says what the run does now.
func (p *statusLine) set(stage string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	p.stage = stage
	p.mu.Unlock()
}

func (p *statusLine) show(now time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	line := fmt.Sprintf("%s: %s (%.0fs)", p.cmd, p.stage, now.Sub(p.start).Seconds())
	if line != p.last {
		fmt.Fprint(p.w, "\r\033[K"+line)
		p.last, p.shown = line, true
	}
}

// end stops the status line and clears it, so that what the command
// prints next starts on a clean line; it may be called more than once.
func (p *statusLine) end() {
	if p == nil {
		return
	}
	p.once.Do(func() {
		close(p.stop)
		<-p.done
		if p.shown {
			fmt.Fprint(p.w, "\r\033[K")
		}
	})
}
