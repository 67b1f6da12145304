package servertest

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/oasgen/oasgen/oasrt"

	"github.com/oasgen/oasgen/oasrt/oashttp"
	"github.com/oasgen/oasgen/testdata/events"
)

// jobs serves testdata/events.
type jobs struct {
	events.Unimplemented
	total int // events of a job
	// dropAfter makes the first connection fail after that many events
	// (the handler returns an error, which aborts the connection).
	dropAfter int
	conns     atomic.Int32
	// block, when set, makes WatchJob yield one event and wait for its
	// context to end, then close ended.
	block bool
	ended chan struct{}
	panic bool
}

func (h *jobs) WatchJob(ctx context.Context, p events.WatchJobParams) (events.WatchJobResponse, error) {
	if p.ID != "j1" {
		return events.WatchJobResponse404{}, nil
	}
	conn := h.conns.Add(1)
	start := 0
	if id := oashttp.LastEventID(ctx); id != "" {
		n, err := strconv.Atoi(id)
		if err != nil {
			return nil, &oashttp.Problem{Status: 400, Detail: "bad Last-Event-ID"}
		}
		start = n
	}
	return events.WatchJobResponse200{Body: func(yield func(oashttp.Event[events.Progress], error) bool) {
		for i := start + 1; i <= h.total; i++ {
			ev := oashttp.Event[events.Progress]{Data: events.Progress{Percent: int32(i * 100 / h.total)}, ID: strconv.Itoa(i)}
			if i == 1 {
				ev.Retry = time.Millisecond
				ev.Event = "start"
			}
			if !yield(ev, nil) {
				return
			}
			if h.block {
				<-ctx.Done()
				close(h.ended)
				return
			}
			if h.panic {
				panic("the job broke")
			}
			if conn == 1 && h.dropAfter > 0 && i == h.dropAfter {
				yield(oashttp.Event[events.Progress]{}, errors.New("the job's worker went away"))
				return
			}
		}
	}}, nil
}

func (h *jobs) Chat(ctx context.Context, body *events.ChatRequest) (events.ChatResponse, error) {
	return events.ChatResponse200{Body: func(yield func(oashttp.Event[string], error) bool) {
		for _, tok := range strings.Fields(body.Prompt.Value) {
			if !yield(oashttp.Event[string]{Data: strings.ReplaceAll(tok, "|", "\n")}, nil) {
				return
			}
		}
	}}, nil
}

func (h *jobs) ExportLogs(ctx context.Context) (events.ExportLogsResponse, error) {
	return events.ExportLogsResponse200{Body: logEntries(h.total)}, nil
}

func (h *jobs) ImportLogs(ctx context.Context, body iter2[events.LogEntry]) (events.ImportLogsResponse, error) {
	n := int64(0)
	for e, err := range body {
		if err != nil {
			return nil, err
		}
		if e.Seq != n {
			return nil, &oashttp.Problem{Status: 422, Detail: fmt.Sprintf("entry %d has seq %d", n, e.Seq)}
		}
		n++
	}
	return events.ImportLogsResponse200{Body: n}, nil
}

func (h *jobs) PutRecords(ctx context.Context, body iter2[events.LogEntry]) (events.PutRecordsResponse, error) {
	// Echo the records as they arrive.
	return events.PutRecordsResponse200{Body: func(yield func(events.LogEntry, error) bool) {
		for e, err := range body {
			if !yield(e, err) || err != nil {
				return
			}
		}
	}}, nil
}

type iter2[T any] = iter.Seq2[T, error]

func logEntries(n int) iter2[events.LogEntry] {
	return func(yield func(events.LogEntry, error) bool) {
		for i := range n {
			if !yield(events.LogEntry{Seq: int64(i), Msg: "entry " + strconv.Itoa(i)}, nil) {
				return
			}
		}
	}
}

func eventsClient(t *testing.T, h *jobs, opts ...oashttp.ServerOption) (*events.Client, *httptest.Server) {
	t.Helper()
	srv := httptest.NewServer(events.NewServer(h, opts...))
	t.Cleanup(srv.Close)
	c, err := events.NewClient(srv.URL, oashttp.WithTimeout(0), oashttp.WithEventRetry(time.Millisecond, 3))
	if err != nil {
		t.Fatal(err)
	}
	return c, srv
}

func quietLog() oashttp.ServerOption {
	return oashttp.WithLogger(slog.New(slog.NewTextHandler(io.Discard, nil)))
}

// TestEventsReconnectAfterDrop: the server's first connection fails after
// 3 of 10 events; the client reconnects with Last-Event-ID 3 and reads
// events 4 to 10, none lost or repeated.
func TestEventsReconnectAfterDrop(t *testing.T) {
	h := &jobs{total: 10, dropAfter: 3}
	c, _ := eventsClient(t, h, quietLog())
	res, err := c.WatchJob(context.Background(), events.WatchJobParams{ID: "j1"})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for ev, err := range res.(events.WatchJobResponse200).Body {
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, ev.ID)
		if ev.ID == "1" && (ev.Event != "start" || ev.Retry != time.Millisecond) {
			t.Errorf("first event: type %q, retry %v", ev.Event, ev.Retry)
		}
		if want := int32(len(ids) * 10); ev.Data.Percent != want {
			t.Errorf("event %s: percent %d, want %d", ev.ID, ev.Data.Percent, want)
		}
	}
	if got := strings.Join(ids, ","); got != "1,2,3,4,5,6,7,8,9,10" {
		t.Errorf("event ids %s", got)
	}
	if n := h.conns.Load(); n != 2 {
		t.Errorf("%d connections, want 2", n)
	}
}

// TestEventsClientGone: a client that stops reading cancels the handler's
// context.
func TestEventsClientGone(t *testing.T) {
	h := &jobs{total: 10, block: true, ended: make(chan struct{})}
	c, _ := eventsClient(t, h)
	res, err := c.WatchJob(context.Background(), events.WatchJobParams{ID: "j1"})
	if err != nil {
		t.Fatal(err)
	}
	for _, err := range res.(events.WatchJobResponse200).Body {
		if err != nil {
			t.Fatal(err)
		}
		break // closes the connection
	}
	select {
	case <-h.ended:
	case <-time.After(10 * time.Second):
		t.Fatal("the handler's context did not end after the client went away")
	}
}

// lockedBuffer is a log destination the server's goroutines write to.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestEventsPanic: a panic after the first event aborts the connection
// and is logged; a client without reconnection gets the event, then an
// error.
func TestEventsPanic(t *testing.T) {
	var logs lockedBuffer
	h := &jobs{total: 10, panic: true}
	srv := httptest.NewServer(events.NewServer(h, oashttp.WithLogger(slog.New(slog.NewTextHandler(&logs, nil)))))
	defer srv.Close()
	c, err := events.NewClient(srv.URL, oashttp.WithoutEventReconnect())
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.WatchJob(context.Background(), events.WatchJobParams{ID: "j1"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	var last error
	for ev, err := range res.(events.WatchJobResponse200).Body {
		if err != nil {
			last = err
			break
		}
		got = append(got, ev.ID)
	}
	if len(got) != 1 || !errors.Is(last, io.ErrUnexpectedEOF) {
		t.Errorf("events %v, error %v; want [1] and io.ErrUnexpectedEOF", got, last)
	}
	srv.Close() // waits for the handler, so its record is written
	if !strings.Contains(logs.String(), "the job broke") {
		t.Errorf("the panic is not logged: %q", logs.String())
	}
}

// TestEventsHeartbeatAndText reads the raw stream: a heartbeat comes
// before a slow first event, and text data spans data lines.
func TestEventsHeartbeatAndText(t *testing.T) {
	h := &jobs{}
	release := make(chan struct{})
	srv := httptest.NewServer(events.NewServer(&slowChat{jobs: h, release: release}, oashttp.WithHeartbeat(time.Millisecond)))
	defer srv.Close()
	resp, err := http.Post(srv.URL+"/chat", "application/json", strings.NewReader(`{"prompt":"a|b c"}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("Content-Type %q", ct)
	}
	br := bufio.NewReader(resp.Body)
	line, err := br.ReadString('\n')
	if err != nil || line != ":\n" {
		t.Fatalf("first line %q, %v; want a heartbeat", line, err)
	}
	close(release)
	rest, _ := io.ReadAll(br)
	if want := "data: a\ndata: b\n\ndata: c\n\n"; !strings.HasSuffix(strings.ReplaceAll(string(rest), ":\n", ""), want) {
		t.Errorf("stream %q, want it to end with %q", rest, want)
	}

	// The generated client joins the lines again.
	c, err := events.NewClient(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Chat(context.Background(), &events.ChatRequest{Prompt: oasrt.NewOpt("x|y z")})
	if err != nil {
		t.Fatal(err)
	}
	var toks []string
	for ev, err := range res.(events.ChatResponse200).Body {
		if err != nil {
			t.Fatal(err)
		}
		toks = append(toks, ev.Data)
	}
	if len(toks) != 2 || toks[0] != "x\ny" || toks[1] != "z" {
		t.Errorf("tokens %q", toks)
	}
}

// slowChat waits for release before its first event.
type slowChat struct {
	*jobs
	release chan struct{}
}

func (h *slowChat) Chat(ctx context.Context, body *events.ChatRequest) (events.ChatResponse, error) {
	res, err := h.jobs.Chat(ctx, body)
	if err != nil {
		return nil, err
	}
	inner := res.(events.ChatResponse200).Body
	return events.ChatResponse200{Body: func(yield func(oashttp.Event[string], error) bool) {
		select {
		case <-h.release:
		case <-ctx.Done():
			return
		default:
		}
		if h.release != nil {
			select {
			case <-h.release:
			case <-ctx.Done():
				return
			}
		}
		inner(yield)
	}}, nil
}

// TestEventsBadData: an event whose data breaks the schema is an error
// naming the event, the JSON path and the offset in its data.
func TestEventsBadData(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, "data: {\"percent\": 50}\n\ndata: {\"percent\": 101}\n\n")
	}))
	defer srv.Close()
	c, err := events.NewClient(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.WatchJob(context.Background(), events.WatchJobParams{ID: "j1"})
	if err != nil {
		t.Fatal(err)
	}
	var got error
	n := 0
	for _, err := range res.(events.WatchJobResponse200).Body {
		if err != nil {
			got = err
			break
		}
		n++
	}
	var se *oasrt.SeqError
	if n != 1 || !errors.As(got, &se) || se.N != 2 || !strings.Contains(got.Error(), "event 2: $.percent") || !strings.Contains(got.Error(), "(offset 12)") {
		t.Errorf("%d events, then %v", n, got)
	}
}

// TestJSONLinesBothWays sends JSON Lines and a JSON text sequence through
// the generated client and server, and reads a long export.
func TestJSONLinesBothWays(t *testing.T) {
	h := &jobs{total: 50000}
	c, srv := eventsClient(t, h, oashttp.WithMaxRequestItemBytes(64))
	ctx := context.Background()

	imp, err := c.ImportLogs(ctx, logEntries(50000))
	if err != nil {
		t.Fatal(err)
	}
	if got := imp.(events.ImportLogsResponse200).Body; got != 50000 {
		t.Fatalf("imported %d", got)
	}

	res, err := c.ExportLogs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for e, err := range res.(events.ExportLogsResponse200).Body {
		if err != nil {
			t.Fatal(err)
		}
		if e.Seq != int64(n) {
			t.Fatalf("entry %d has seq %d", n, e.Seq)
		}
		n++
	}
	if n != 50000 {
		t.Fatalf("exported %d", n)
	}

	put, err := c.PutRecords(ctx, logEntries(1000))
	if err != nil {
		t.Fatal(err)
	}
	n = 0
	for e, err := range put.(events.PutRecordsResponse200).Body {
		if err != nil || e.Seq != int64(n) {
			t.Fatalf("record %d: %+v, %v", n, e, err)
		}
		n++
	}
	if n != 1000 {
		t.Fatalf("echoed %d records", n)
	}

	// A bad line is a 400 naming it.
	for _, tc := range []struct {
		name, ct, body string
		want           int
		wantDetail     string
	}{
		{name: "bad line", ct: "application/jsonl", body: "{\"seq\":0,\"msg\":\"a\"}\n{\"seq\":1}\n", want: 400, wantDetail: `"detail":"request body: line 2: $: missing required property \"msg\" (offset 28)"`},
		{name: "wrong media type", ct: "application/json", body: "[]", want: 415},
		{name: "line over the item bound", ct: "application/jsonl", body: "{\"seq\":0,\"msg\":\"" + strings.Repeat("a", 64) + "\"}\n", want: 400, wantDetail: "line 1: $: longer than the limit of 64 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, err := http.Post(srv.URL+"/logs", tc.ct, strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != tc.want || !strings.Contains(string(body), tc.wantDetail) {
				t.Errorf("%d %s; want %d with %q", resp.StatusCode, body, tc.want, tc.wantDetail)
			}
		})
	}
}

// TestJSONLinesMemoryFlat reads a long export through the generated
// client and measures the heap: what it holds after 10^5 entries is what
// it held after 10^3, not a share of the ~4 MB stream.
func TestJSONLinesMemoryFlat(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates on its own account")
	}
	const n = 100000
	h := &jobs{total: n}
	c, _ := eventsClient(t, h)
	res, err := c.ExportLogs(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	var early, late uint64
	i := 0
	for _, err := range res.(events.ExportLogsResponse200).Body {
		if err != nil {
			t.Fatal(err)
		}
		i++
		switch i {
		case 1000:
			early = heap()
		case n:
			late = heap()
		}
	}
	if late > early+1<<20 {
		t.Errorf("heap grew from %d to %d bytes over the stream", early, late)
	}
}
