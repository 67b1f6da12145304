package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/pb33f/go-yaml"

	"github.com/oasgen/oasgen/internal/build"
	"github.com/oasgen/oasgen/internal/gen"
	"github.com/oasgen/oasgen/internal/ir"
	"github.com/oasgen/oasgen/internal/spec"
)

// configVersion is the version of the config file's format this oasgen
// reads; docs/config.md describes it.
const configVersion = 1

// genConfig is what oasgen generate was asked to do, from a config file
// and flags (flags win).
type genConfig struct {
	input, output, pkg string
	parts              gen.Parts
	uncheckedPatterns  bool
	formatAnnotations  bool // the generate flag only
	jsonTokens         bool // json-tokens:, gen.Options.JSONTokens
	include, exclude   opFilter
	// pages is the pagination declared by operationId (pagination:).
	pages map[string]*build.PageDecl
	// peakProfile is where to write the heap profile taken when the IR is
	// built (the -peakprofile flag only).
	peakProfile string
	// modelPackages splits the models into up to that many packages
	// (model-packages:, gen.Options.ModelPackages).
	modelPackages int
	// opPackages splits the operations' types, server and client into up
	// to that many parts each (op-packages:, gen.Options.OpPackages); 0
	// splits them by size when the models are split.
	opPackages int
	// autoSplit lets generate choose modelPackages by the output's size
	// when neither the flag nor the config set it (splitModels).
	autoSplit bool
	// limits are the spec loader's (max-alias-nodes:, max-alias-bytes:).
	limits spec.Options
	// verbosity is how much is said about the warnings and the files (-q,
	// -v); status shows what a long run does, on a terminal (nil: not).
	verbosity verbosity
	status    *statusLine
}

// configFile is the config file generate reads from the current directory
// when it is given neither a spec nor a config.
const configFile = "oasgen.yaml"

// foundConfig returns configFile when the current directory holds one,
// else "".
func foundConfig() string {
	if fi, err := os.Stat(configFile); err == nil && fi.Mode().IsRegular() {
		return configFile
	}
	return ""
}

// opFilter matches operations by tag, operationId or path prefix.
type opFilter struct {
	tags, ids, paths []string
}

func (f opFilter) empty() bool { return len(f.tags)+len(f.ids)+len(f.paths) == 0 }

// match reports whether o has one of f's tags, is one of its operations or
// lies under one of its path prefixes.
func (f opFilter) match(o *ir.Operation) bool {
	for _, t := range f.tags {
		for _, ot := range o.Tags {
			if t == ot {
				return true
			}
		}
	}
	for _, id := range f.ids {
		if id == o.ID {
			return true
		}
	}
	for _, p := range f.paths {
		if strings.HasPrefix(o.Path, p) {
			return true
		}
	}
	return false
}

// selects reports whether the config narrows the operations.
func (c *genConfig) selects() bool { return !c.include.empty() || !c.exclude.empty() }

// keep reports whether operation o is generated: included (everything is,
// when nothing is listed) and not excluded.
func (c *genConfig) keep(o *ir.Operation) bool {
	return (c.include.empty() || c.include.match(o)) && !c.exclude.match(o)
}

// parseParts reads a comma-separated list of parts.
func parseParts(s string) (gen.Parts, error) {
	var p gen.Parts
	for _, name := range strings.Split(s, ",") {
		switch strings.TrimSpace(name) {
		case "models":
			p |= gen.Models
		case "server":
			p |= gen.Server
		case "client":
			p |= gen.Client
		case "streams":
			p |= gen.Streams
		case "validator":
			p |= gen.Validator
		case "all":
			p |= gen.AllParts
		default:
			return 0, fmt.Errorf("unknown part %q%s (want models, server, client, streams, validator or all)", name, spec.DidYouMean(strings.TrimSpace(name), []string{"models", "server", "client", "streams", "validator", "all"}))
		}
	}
	return p | gen.Models, nil
}

// loadConfig reads the config file at path. Paths in it are relative to
// the file. Every error names the file, line and column.
func loadConfig(path string) (*genConfig, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	c := &genConfig{}
	if len(doc.Content) == 0 {
		return nil, fmt.Errorf("%s: empty config: want at least version: %d", path, configVersion)
	}
	r := configReader{path: path}
	root := doc.Content[0]
	rel := func(p string) string {
		if p == "" || filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(filepath.Dir(path), p)
	}
	version := false
	err = r.mapping(root, func(key string, v *yaml.Node) error {
		switch key {
		case "version":
			n, err := strconv.Atoi(v.Value)
			if v.Kind != yaml.ScalarNode || err != nil || n != configVersion {
				return r.errorf(v, "version: this oasgen reads version %d, not %q", configVersion, v.Value)
			}
			version = true
		case "input":
			s, err := r.str(v, key)
			c.input = rel(s)
			return err
		case "output":
			s, err := r.str(v, key)
			c.output = rel(s)
			return err
		case "package":
			s, err := r.str(v, key)
			c.pkg = s
			return err
		case "generate":
			list, err := r.list(v, key)
			if err != nil {
				return err
			}
			if c.parts, err = parseParts(strings.Join(list, ",")); err != nil {
				return r.errorf(v, "generate: %v", err)
			}
		case "unchecked-patterns":
			if v.Kind != yaml.ScalarNode || (v.Value != "true" && v.Value != "false") {
				return r.errorf(v, "unchecked-patterns: want true or false")
			}
			c.uncheckedPatterns = v.Value == "true"
		case "json-tokens":
			if v.Kind != yaml.ScalarNode || (v.Value != "true" && v.Value != "false") {
				return r.errorf(v, "json-tokens: want true or false")
			}
			c.jsonTokens = v.Value == "true"
		case "model-packages":
			n, err := strconv.Atoi(v.Value)
			if v.Kind != yaml.ScalarNode || err != nil || n < 1 || n > maxModelPackages {
				return r.errorf(v, "model-packages: want a number from 1 to %d, not %q", maxModelPackages, v.Value)
			}
			c.modelPackages = n
		case "op-packages":
			n, err := strconv.Atoi(v.Value)
			if v.Kind != yaml.ScalarNode || err != nil || n < 1 || n > maxOpPackages {
				return r.errorf(v, "op-packages: want a number from 1 to %d, not %q", maxOpPackages, v.Value)
			}
			c.opPackages = n
		case "max-alias-nodes", "max-alias-bytes":
			n, err := strconv.ParseInt(v.Value, 10, 64)
			if v.Kind != yaml.ScalarNode || err != nil || n < 1 {
				return r.errorf(v, "%s: want a positive number, not %q", key, v.Value)
			}
			if key == "max-alias-nodes" {
				c.limits.MaxAliasNodes = n
			} else {
				c.limits.MaxAliasBytes = n
			}
		case "include":
			return r.filter(v, key, &c.include)
		case "exclude":
			return r.filter(v, key, &c.exclude)
		case "pagination":
			return r.pagination(v, c)
		default:
			return unknownKey(fmt.Sprintf("unknown setting %q%s (see docs/config.md)", key, spec.DidYouMean(key, configSettings)))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if !version {
		return nil, r.errorf(root, "version: %d is required, so that a later format is never misread", configVersion)
	}
	return c, nil
}

// configSettings are the config file's settings, the keys loadConfig reads.
var configSettings = []string{"version", "input", "output", "package", "generate", "unchecked-patterns", "json-tokens", "model-packages", "op-packages", "include", "exclude", "pagination"}

// configReader reads a config file's nodes, with errors at their place.
type configReader struct{ path string }

func (r configReader) errorf(n *yaml.Node, format string, a ...any) error {
	return fmt.Errorf("%s:%d:%d: %s", r.path, n.Line, n.Column, fmt.Sprintf(format, a...))
}

// mapping calls each for the entries of mapping n; an error of each that
// is an unknownKey is reported at the key.
func (r configReader) mapping(n *yaml.Node, each func(key string, v *yaml.Node) error) error {
	if n.Kind != yaml.MappingNode {
		return r.errorf(n, "want a mapping")
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if err := each(k.Value, n.Content[i+1]); err != nil {
			if u, ok := err.(unknownKey); ok {
				return r.errorf(k, "%s", string(u))
			}
			return err
		}
	}
	return nil
}

// unknownKey is the message for a key a mapping does not have.
type unknownKey string

func (u unknownKey) Error() string { return string(u) }

func (r configReader) str(n *yaml.Node, key string) (string, error) {
	if n.Kind != yaml.ScalarNode || n.Value == "" {
		return "", r.errorf(n, "%s: want a string", key)
	}
	return n.Value, nil
}

// list reads a list of strings, or one string as a list of one.
func (r configReader) list(n *yaml.Node, key string) ([]string, error) {
	if n.Kind == yaml.ScalarNode {
		s, err := r.str(n, key)
		return []string{s}, err
	}
	if n.Kind != yaml.SequenceNode {
		return nil, r.errorf(n, "%s: want a list of strings", key)
	}
	var out []string
	for _, item := range n.Content {
		s, err := r.str(item, key)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

func (r configReader) filter(n *yaml.Node, key string, f *opFilter) error {
	return r.mapping(n, func(k string, v *yaml.Node) error {
		list, err := r.list(v, key+"."+k)
		if err != nil {
			return err
		}
		switch k {
		case "tags":
			f.tags = append(f.tags, list...)
		case "operations":
			f.ids = append(f.ids, list...)
		case "paths":
			for _, p := range list {
				if !strings.HasPrefix(p, "/") {
					return r.errorf(v, "%s.paths: %q is not a path prefix (it starts with /)", key, p)
				}
			}
			f.paths = append(f.paths, list...)
		default:
			return unknownKey(fmt.Sprintf("%s: unknown filter %q%s (want tags, operations or paths)", key, k, spec.DidYouMean(k, []string{"tags", "operations", "paths"})))
		}
		return nil
	})
}

// unmatched returns an error naming the tags, operations and path prefixes
// of the selection that no operation of p has: a misspelt name would
// otherwise select nothing, or exclude nothing, without a word.
func (c *genConfig) unmatched(p *ir.Package) error {
	var missing, tags, ids []string
	for _, o := range p.Operations {
		tags = append(tags, o.Tags...)
		ids = append(ids, o.ID)
	}
	slices.Sort(tags)
	tags = slices.Compact(tags)
	for _, f := range []opFilter{c.include, c.exclude} {
		for _, t := range f.tags {
			if !anyOp(p, opFilter{tags: []string{t}}) {
				missing = append(missing, "tag "+strconv.Quote(t)+suggestion(t, tags))
			}
		}
		for _, id := range f.ids {
			if !anyOp(p, opFilter{ids: []string{id}}) {
				missing = append(missing, "operation "+strconv.Quote(id)+suggestion(id, ids))
			}
		}
		for _, path := range f.paths {
			if !anyOp(p, opFilter{paths: []string{path}}) {
				missing = append(missing, "path prefix "+strconv.Quote(path))
			}
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("oasgen generate: no operation of the spec has %s", strings.Join(missing, ", "))
	}
	return nil
}

// suggestion is " (did you mean NAME?)" with the name among names
// nearest to s, or "": for a list of names.
func suggestion(s string, names []string) string {
	if n := spec.Suggest(s, names); n != "" {
		return " (did you mean " + strconv.Quote(n) + "?)"
	}
	return ""
}

func anyOp(p *ir.Package, f opFilter) bool {
	for _, o := range p.Operations {
		if f.match(o) {
			return true
		}
	}
	return false
}

// pagination reads the pagination: setting, by operationId: false, or a
// mapping as x-oasgen-pagination's (docs/client.md).
func (r configReader) pagination(n *yaml.Node, c *genConfig) error {
	return r.mapping(n, func(id string, v *yaml.Node) error {
		d := &build.PageDecl{File: r.path, Line: v.Line, Col: v.Column}
		if c.pages == nil {
			c.pages = map[string]*build.PageDecl{}
		}
		c.pages[id] = d
		if v.Kind == yaml.ScalarNode && v.Value == "false" {
			d.Off = true
			return nil
		}
		return r.mapping(v, func(k string, w *yaml.Node) error {
			s, err := r.str(w, "pagination."+id+"."+k)
			if err != nil {
				return err
			}
			switch k {
			case "style":
				d.Style = s
			case "param":
				d.Param = s
			case "next":
				d.Next = s
			case "items":
				d.Items = s
			default:
				return unknownKey(fmt.Sprintf("pagination.%s: unknown key %q%s (want style, param, next or items)", id, k, spec.DidYouMean(k, []string{"style", "param", "next", "items"})))
			}
			return nil
		})
	})
}
