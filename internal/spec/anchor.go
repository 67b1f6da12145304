package spec

import (
	"fmt"
	"strconv"

	"github.com/pb33f/go-yaml"
)

// A $ref whose fragment is a plain name ("#node") names the schema whose
// $anchor is that name (JSON Schema 2020-12, section 8.2.2). An anchor
// belongs to the resource its schema is in: the document, or the nearest
// schema above it with an $id. oasgen does not follow $id (its $refs are
// resolved against the file they are written in), so it resolves a plain
// name to the anchor of the document's own resource, and an anchor under
// an $id is not one of them.

// anchors returns the $anchor names of the document whose tree is top,
// each with the schemas that declare it, indexing it the first time.
func (l *loader) anchors(top *yaml.Node) map[string][]*yaml.Node {
	if idx, ok := l.anchorIndex[top]; ok {
		return idx
	}
	idx := map[string][]*yaml.Node{}
	var walk func(n *yaml.Node, root bool)
	walk = func(n *yaml.Node, root bool) {
		switch n.Kind {
		case yaml.MappingNode:
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == "$id" && n.Content[i+1].Kind == yaml.ScalarNode && !root {
					return // another resource: its anchors are its own
				}
			}
			for i := 0; i+1 < len(n.Content); i += 2 {
				k, v := n.Content[i], n.Content[i+1]
				if k.Value == "$anchor" && v.Kind == yaml.ScalarNode {
					idx[v.Value] = append(idx[v.Value], n)
				}
				walk(v, false)
			}
		case yaml.SequenceNode:
			for _, c := range n.Content {
				walk(c, false)
			}
		}
	}
	walk(top, true)
	if l.anchorIndex == nil {
		l.anchorIndex = map[*yaml.Node]map[string][]*yaml.Node{}
	}
	l.anchorIndex[top] = idx
	return idx
}

// anchor returns the schema of the document at top whose $anchor is name.
func (l *loader) anchor(top *yaml.Node, name string) (*yaml.Node, error) {
	switch found := l.anchors(top)[name]; len(found) {
	case 0:
		return nil, fmt.Errorf("the document has no schema with $anchor %s (anchors under an $id are not followed)", strconv.Quote(name))
	case 1:
		return found[0], nil
	default:
		return nil, fmt.Errorf("$anchor %s is declared %d times, at %d:%d and %d:%d", strconv.Quote(name), len(found),
			found[0].Line, found[0].Column, found[1].Line, found[1].Column)
	}
}
