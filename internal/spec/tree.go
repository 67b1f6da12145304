package spec

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/pb33f/go-yaml"
)

// Options are the limits of a load.
type Options struct {
	// MaxAliasNodes bounds how many nodes the YAML aliases of a file
	// stand for, counted as if each alias were replaced by a copy of what
	// it names, the aliases inside that copy too: a few lines of nested
	// aliases ("billion laughs") stand for billions of nodes, which a
	// const or an example is read as. 0 means DefaultMaxAliasNodes.
	MaxAliasNodes int64
	// MaxAliasBytes bounds the text (keys and scalars) the aliases stand
	// for, counted the same way. 0 means DefaultMaxAliasBytes.
	MaxAliasBytes int64
}

// The default bounds of the expansion of YAML aliases, in each file.
const (
	DefaultMaxAliasNodes = 1_000_000
	DefaultMaxAliasBytes = 32 << 20
)

// AliasNodesFlag and AliasBytesFlag are the command-line flags that
// raise the bounds, named in the errors.
const (
	AliasNodesFlag = "-max-alias-nodes"
	AliasBytesFlag = "-max-alias-bytes"
)

// aliasNodes returns the bound on the nodes aliases stand for.
func (o Options) aliasNodes() int64 {
	if o.MaxAliasNodes > 0 {
		return o.MaxAliasNodes
	}
	return DefaultMaxAliasNodes
}

// aliasBytes returns the bound on the bytes aliases stand for.
func (o Options) aliasBytes() int64 {
	if o.MaxAliasBytes > 0 {
		return o.MaxAliasBytes
	}
	return DefaultMaxAliasBytes
}

// checkTree checks the parsed document top of the file path: a key written
// twice in a mapping (YAML 1.2, section 3.2.1.1, and JSON, RFC 8259
// section 4, say keys are unique; the model would keep both and
// generate each) and aliases that stand for more than opts allows. It
// visits each node once, and each anchored node once more: linear in the
// size of the text.
func checkTree(path string, top *yaml.Node, opts Options) error {
	c := newTreeChecker(path, opts)
	c.walk(top)
	return joinErrors(c.errs, c.more)
}

// newTreeChecker returns the checker of a document of the file path.
func newTreeChecker(path string, opts Options) *treeChecker {
	return &treeChecker{path: path, opts: opts, sizes: map[*yaml.Node]expansion{}}
}

// expansion is what an alias stands for: nodes and bytes of text.
type expansion struct{ nodes, bytes int64 }

// saturated is past every bound: sums stop growing there.
const saturated = 1 << 60

// add returns e and o summed, saturated.
func (e expansion) add(o expansion) expansion {
	return expansion{min(e.nodes+o.nodes, saturated), min(e.bytes+o.bytes, saturated)}
}

// treeChecker walks a document once for checkTree.
type treeChecker struct {
	path string
	opts Options
	// sizes are the expansions of the anchored nodes met, and of those
	// being counted (inProgress) while they are.
	sizes map[*yaml.Node]expansion
	// total is the expansion of the aliases walked so far.
	total expansion
	errs  []error
	more  int  // errors past maxErrors
	stop  bool // the alias bound is passed: the walk ends
	// work counts the nodes visited and keys compared, for tests.
	work int
}

// inProgress marks in sizes the anchored nodes being counted: an alias
// to one is inside it.
var inProgress = expansion{-1, -1}

// errorf records an error at n, or counts it past maxErrors.
func (c *treeChecker) errorf(n *yaml.Node, format string, args ...any) {
	if len(c.errs) == maxErrors {
		c.more++
		return
	}
	c.errs = append(c.errs, &Error{File: c.path, Line: n.Line, Col: n.Column, Msg: fmt.Sprintf(format, args...)})
}

// walk checks the nodes under n as written, adding what each alias stands
// for to the total.
func (c *treeChecker) walk(n *yaml.Node) {
	if n == nil || c.stop {
		return
	}
	c.work++
	switch n.Kind {
	case yaml.AliasNode:
		if n.Alias == nil {
			return
		}
		c.total = c.total.add(c.size(n.Alias))
		if c.total.nodes > c.opts.aliasNodes() {
			c.errorf(n, "the YAML aliases up to *%s stand for more than %d nodes; an alias counts as a copy of what it names (raise the bound with %s N)", n.Value, c.opts.aliasNodes(), AliasNodesFlag)
			c.stop = true
		} else if c.total.bytes > c.opts.aliasBytes() {
			c.errorf(n, "the YAML aliases up to *%s stand for more than %d bytes; an alias counts as a copy of what it names (raise the bound with %s N)", n.Value, c.opts.aliasBytes(), AliasBytesFlag)
			c.stop = true
		}
		return
	case yaml.MappingNode:
		c.uniqueKeys(n)
	}
	for _, k := range n.Content {
		c.walk(k)
	}
}

// size returns what the node n stands for where an alias names it: its
// nodes and text, with what the aliases under it stand for. An alias to
// a node that holds it (a recursive schema) counts as one node: readers
// of such values stop at the loop.
func (c *treeChecker) size(n *yaml.Node) expansion {
	if n.Anchor != "" {
		if e, ok := c.sizes[n]; ok {
			if e == inProgress {
				return expansion{1, 0}
			}
			return e
		}
		c.sizes[n] = inProgress
	}
	c.work++
	var e expansion
	switch n.Kind {
	case yaml.AliasNode:
		if n.Alias != nil {
			e = c.size(n.Alias)
		}
	default:
		e = expansion{1, int64(len(n.Value))}
		for _, k := range n.Content {
			e = e.add(c.size(k))
		}
	}
	if n.Anchor != "" {
		c.sizes[n] = e
	}
	return e
}

// uniqueKeys reports each key of the mapping n written before in it, at
// the second place. YAML's merge keys (<<), which go-yaml takes more than
// once, are no keys of the document.
func (c *treeChecker) uniqueKeys(n *yaml.Node) {
	const short = 16 // pairs compared with each other; a longer mapping is indexed
	dup := func(k, first *yaml.Node) {
		c.errorf(k, "duplicate key %s: it is first at %d:%d; keys in a mapping are unique", strconv.Quote(k.Value), first.Line, first.Column)
	}
	if len(n.Content) <= 2*short {
		for i := 2; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if !isKey(k) {
				continue
			}
			for j := 0; j < i; j += 2 {
				c.work++
				if f := n.Content[j]; isKey(f) && f.Value == k.Value {
					dup(k, f)
					break
				}
			}
		}
		return
	}
	keys := make(map[string]*yaml.Node, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if !isKey(k) {
			continue
		}
		c.work++
		if f, ok := keys[k.Value]; ok {
			dup(k, f)
			continue
		}
		keys[k.Value] = k
	}
}

// isKey says the key node k is a key that must be unique: a scalar, not a
// merge key.
func isKey(k *yaml.Node) bool { return k.Kind == yaml.ScalarNode && k.Tag != "!!merge" }

// joinErrors joins errs, the first maxErrors of a load, and says how many
// more there are.
func joinErrors(errs []error, more int) error {
	if more > 0 {
		errs = append(errs[:len(errs):len(errs)], fmt.Errorf("and %d more", more))
	}
	return errors.Join(errs...)
}
