// Command child is one process of the streaming benchmark (cmd/stream runs
// it; it is not meant to be run by hand). Each measurement is a process of
// its own, so that its peak RSS is its own:
//
//	child -gen -mb 86 -dir D     write D/md-86.json, .json.gz, .pb, .pb.gz
//	child -check -file F.json    check that every contender reads F alike
//	child -run NAME -file F      decode F once with contender NAME and print
//	                             one JSON line of measurements
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/oasgen/oasgen/oasrt"

	"google.golang.org/protobuf/proto"

	"github.com/oasgen/oasgen/bench/.work/gen/mdpb"
	"github.com/oasgen/oasgen/bench/internal/benchenv"
	"github.com/oasgen/oasgen/bench/internal/oasgen/m"
	"github.com/oasgen/oasgen/bench/internal/payload"
	"github.com/oasgen/oasgen/bench/internal/plain"
	"github.com/oasgen/oasgen/oasrt/oasimpl"
)

// A contender decodes the file at path and returns what it decoded, which
// the measurement keeps alive to weigh it.
type contender struct {
	input string // "json", "pb"
	gzip  bool
	run   func(r io.Reader, path string) (any, error)
}

var contenders = map[string]contender{
	"json-v1": {input: "json", run: func(r io.Reader, _ string) (any, error) {
		var v plain.MasterData
		return &v, json.NewDecoder(r).Decode(&v)
	}},
	"protobuf": {input: "pb", run: func(r io.Reader, path string) (any, error) {
		var b []byte
		var err error
		if f, ok := r.(*os.File); ok && f.Name() == path {
			b, err = os.ReadFile(path) // ReadFile sizes its buffer from the file
		} else {
			b, err = io.ReadAll(r)
		}
		if err != nil {
			return nil, err
		}
		var v mdpb.MasterData
		return &v, proto.Unmarshal(b, &v)
	}},
	"oasgen": {input: "json", run: func(r io.Reader, _ string) (any, error) {
		var rd oasimpl.Reader
		rd.ResetReader(r)
		if f, ok := r.(*os.File); ok {
			if st, err := f.Stat(); err == nil {
				rd.InputSize = st.Size() // sizes the large arrays at once
			}
		}
		var v m.MasterData
		if err := v.DecodeJSON(&rd); err != nil {
			return nil, err
		}
		return &v, rd.End()
	}},
	"oasgen-iterate": {input: "json", run: func(r io.Reader, _ string) (any, error) {
		var rd oasimpl.Reader
		rd.ResetReader(r)
		var v m.MasterData
		var s summary
		err := oasimpl.DecodeEach(&rd, v.DecodeJSON,
			oasimpl.Each(v.ProductsField(), func(p m.Product) error { s.product(p); return nil }),
			oasimpl.Each(v.StoresField(), func(st m.Store) error { s.store(st); return nil }),
			oasimpl.Each(v.PricesField(), func(p m.Price) error { s.price(p); return nil }))
		return &s, err
	}},
}

// summary is what iteration keeps: counts and checksums, so the elements
// are used and dropped.
type summary struct {
	Products, Stores, Prices int
	Sum                      int64
}

func (s *summary) product(p m.Product) {
	s.Products++
	s.Sum += p.ID + int64(len(p.Name)+len(p.Description)+len(p.Tags)+len(p.Attributes)) + int64(p.Category.ID)
}
func (s *summary) store(st m.Store) {
	s.Stores++
	s.Sum += int64(st.ID) + int64(len(st.Address.City)+len(st.OpeningHours))
}
func (s *summary) price(p m.Price) { s.Prices++; s.Sum += p.AmountCents + int64(p.StoreID) }

func summarize(v *m.MasterData) summary {
	var s summary
	for _, p := range v.Products {
		s.product(p)
	}
	for _, st := range v.Stores {
		s.store(st)
	}
	for _, p := range v.Prices {
		s.price(p)
	}
	return s
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("stream child: ")
	gen := flag.Bool("gen", false, "write the master-data files")
	mb := flag.Int("mb", 86, "size of the generated document in megabytes (with -gen)")
	noPB := flag.Bool("json-only", false, "write only the JSON file (with -gen)")
	dir := flag.String("dir", ".", "where -gen writes")
	check := flag.Bool("check", false, "check that every contender reads -file alike")
	name := flag.String("run", "", "the contender to measure")
	file := flag.String("file", "", "the input file (.json, .json.gz, .pb or .pb.gz)")
	flag.Parse()
	switch {
	case *gen:
		if err := generate(*dir, *mb, !*noPB); err != nil {
			log.Fatal(err)
		}
	case *check:
		if err := checkAll(*file); err != nil {
			log.Fatal(err)
		}
	case *name != "":
		res, err := measure(*name, *file)
		if err != nil {
			log.Fatal(err)
		}
		b, _ := json.Marshal(res)
		fmt.Println(string(b))
	default:
		log.Fatal("one of -gen, -check, -run")
	}
}

func open(path string, gz bool) (io.Reader, func(), error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	if !gz {
		return f, func() { f.Close() }, nil
	}
	z, err := gzip.NewReader(bufio.NewReaderSize(f, 64<<10))
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return z, func() { z.Close(); f.Close() }, nil
}

func measure(name, path string) (*benchenv.StreamResult, error) {
	c, ok := contenders[name]
	if !ok {
		return nil, fmt.Errorf("no contender %q", name)
	}
	gz := strings.HasSuffix(path, ".gz")
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	r, done, err := open(path, gz)
	if err != nil {
		return nil, err
	}
	defer done()
	var m0, m1, m2 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	start := time.Now()
	v, err := c.run(r, path)
	elapsed := time.Since(start)
	runtime.ReadMemStats(&m1)
	if err != nil {
		return nil, fmt.Errorf("%s on %s: %w", name, path, err)
	}
	runtime.GC()
	runtime.ReadMemStats(&m2)
	runtime.KeepAlive(v)
	return &benchenv.StreamResult{
		Contender: name, File: filepath.Base(path), FileBytes: st.Size(),
		Seconds:    elapsed.Seconds(),
		AllocBytes: m1.TotalAlloc - m0.TotalAlloc, Allocs: m1.Mallocs - m0.Mallocs,
		Retained: int64(m2.HeapAlloc) - int64(m0.HeapAlloc), PeakRSS: peakRSS(),
		GoVersion: runtime.Version(), Experiments: os.Getenv("GOEXPERIMENT"),
	}, nil
}

// peakRSS returns the process's peak resident set size (VmHWM).
func peakRSS() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return -1
	}
	for line := range strings.Lines(string(b)) {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return -1
}

// generate writes md-MB.json, md-MB.json.gz and, with pb, md-MB.pb and
// md-MB.pb.gz.
func generate(dir string, mb int, pb bool) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	base := filepath.Join(dir, "md-"+strconv.Itoa(mb))
	f, err := os.Create(base + ".json")
	if err != nil {
		return err
	}
	if err := payload.WriteMasterData(f, mb); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if !pb {
		return nil
	}
	if err := gzipFile(base+".json", base+".json.gz"); err != nil {
		return err
	}
	b, err := proto.Marshal(toPB(payload.MasterDataValue(mb)))
	if err != nil {
		return err
	}
	if err := os.WriteFile(base+".pb", b, 0o644); err != nil {
		return err
	}
	return gzipFile(base+".pb", base+".pb.gz")
}

func gzipFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	z := gzip.NewWriter(out)
	if _, err := io.Copy(z, in); err != nil {
		return err
	}
	if err := z.Close(); err != nil {
		return err
	}
	return out.Close()
}

func toPB(v plain.MasterData) *mdpb.MasterData {
	out := &mdpb.MasterData{Version: v.Version, GeneratedAt: v.GeneratedAt}
	for _, p := range v.Products {
		q := &mdpb.Product{Id: p.ID, Sku: p.Sku, Name: p.Name, Description: p.Description, Active: p.Active,
			WeightGrams: p.WeightGrams, Tags: p.Tags,
			Category: &mdpb.Category{Id: p.Category.ID, Name: p.Category.Name, Path: p.Category.Path}}
		for _, a := range p.Attributes {
			q.Attributes = append(q.Attributes, &mdpb.Attribute{Key: a.Key, Value: a.Value})
		}
		out.Products = append(out.Products, q)
	}
	for _, s := range v.Stores {
		out.Stores = append(out.Stores, &mdpb.Store{Id: s.ID, Code: s.Code, Name: s.Name, Open: s.Open,
			OpeningHours: s.OpeningHours,
			Address:      &mdpb.Address{Street: s.Address.Street, City: s.Address.City, PostalCode: s.Address.PostalCode, Country: s.Address.Country}})
	}
	for _, p := range v.Prices {
		out.Prices = append(out.Prices, &mdpb.Price{ProductId: p.ProductID, StoreId: p.StoreID, AmountCents: p.AmountCents,
			Currency: p.Currency, ValidFrom: p.ValidFrom, Promo: p.Promo})
	}
	return out
}

func fromPB(v *mdpb.MasterData) plain.MasterData {
	out := plain.MasterData{Version: v.Version, GeneratedAt: v.GeneratedAt,
		Products: []plain.MDProduct{}, Stores: []plain.MDStore{}, Prices: []plain.MDPrice{}}
	for _, p := range v.Products {
		q := plain.MDProduct{ID: p.Id, Sku: p.Sku, Name: p.Name, Description: p.Description, Active: p.Active,
			WeightGrams: p.WeightGrams, Tags: nonNil(p.Tags), Attributes: []plain.MDAttribute{},
			Category: plain.MDCategory{ID: p.Category.GetId(), Name: p.Category.GetName(), Path: nonNil(p.Category.GetPath())}}
		for _, a := range p.Attributes {
			q.Attributes = append(q.Attributes, plain.MDAttribute{Key: a.Key, Value: a.Value})
		}
		out.Products = append(out.Products, q)
	}
	for _, s := range v.Stores {
		out.Stores = append(out.Stores, plain.MDStore{ID: s.Id, Code: s.Code, Name: s.Name, Open: s.Open,
			OpeningHours: nonNil(s.OpeningHours),
			Address:      plain.MDAddress{Street: s.Address.GetStreet(), City: s.Address.GetCity(), PostalCode: s.Address.GetPostalCode(), Country: s.Address.GetCountry()}})
	}
	for _, p := range v.Prices {
		out.Prices = append(out.Prices, plain.MDPrice{ProductID: p.ProductId, StoreID: p.StoreId, AmountCents: p.AmountCents,
			Currency: p.Currency, ValidFrom: p.ValidFrom, Promo: p.Promo})
	}
	return out
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func stdEncode(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		log.Fatal(err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// checkAll decodes the JSON file (and the .pb beside it, if there is one)
// with every contender of this binary and requires the same value: oasgen's
// encoding and the others re-encoded by encoding/json must equal the file's
// bytes, and iteration must see the same records.
func checkAll(path string) error {
	want, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var full *m.MasterData
	for name, c := range contenders {
		for _, gz := range []bool{false, true} {
			in := path
			if c.input == "pb" {
				in = strings.TrimSuffix(path, ".json") + ".pb"
			}
			if gz {
				in += ".gz"
			}
			if _, err := os.Stat(in); errors.Is(err, os.ErrNotExist) {
				continue
			}
			r, done, err := open(in, gz)
			if err != nil {
				return err
			}
			v, err := c.run(r, in)
			done()
			if err != nil {
				return fmt.Errorf("%s on %s: %w", name, in, err)
			}
			var got []byte
			switch v := v.(type) {
			case *m.MasterData:
				full = v
				got, err = oasrt.Marshal(v)
				if err != nil {
					return err
				}
			case *plain.MasterData:
				got = stdEncode(v)
			case *mdpb.MasterData:
				got = stdEncode(fromPB(v))
			case *summary:
				continue // compared below, with the full decode
			default:
				got = stdEncode(v)
			}
			if !bytes.Equal(got, want) {
				return fmt.Errorf("%s on %s: the value re-encoded differs from the file", name, in)
			}
		}
	}
	if full == nil {
		return nil
	}
	r, done, err := open(path, false)
	if err != nil {
		return err
	}
	defer done()
	v, err := contenders["oasgen-iterate"].run(r, path)
	if err != nil {
		return err
	}
	if s, w := *v.(*summary), summarize(full); s != w {
		return fmt.Errorf("oasgen-iterate saw %+v, the full decode %+v", s, w)
	}
	return nil
}
