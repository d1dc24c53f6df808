package exporter

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/hcl/v2/hclwrite"
	"github.com/zclconf/go-cty/cty"
)

// expr is an HCL expression as tokens.
type expr = hclwrite.Tokens

func str(s string) expr  { return hclwrite.TokensForValue(cty.StringVal(s)) }
func num(n int64) expr   { return hclwrite.TokensForValue(cty.NumberIntVal(n)) }
func flt(f float64) expr { return hclwrite.TokensForValue(cty.NumberFloatVal(f)) }
func boolean(b bool) expr {
	return hclwrite.TokensForValue(cty.BoolVal(b))
}

// ref is a reference such as contactcenter_agent.agent_8001.id.
func ref(typ, name, attr string) expr {
	return hclwrite.TokensForTraversal(hcl.Traversal{
		hcl.TraverseRoot{Name: typ}, hcl.TraverseAttr{Name: name}, hcl.TraverseAttr{Name: attr},
	})
}

// addr is a resource's address, such as contactcenter_agent.agent_8001 (an
// import block's to, a depends_on entry).
func addr(typ, name string) expr {
	return hclwrite.TokensForTraversal(hcl.Traversal{hcl.TraverseRoot{Name: typ}, hcl.TraverseAttr{Name: name}})
}

// raw parses an expression written as HCL source (a template with
// ${path.module}, a function call). src is built from sanitised names only.
func raw(src string) expr {
	f, diags := hclwrite.ParseConfig([]byte("x = "+src+"\n"), "", hcl.InitialPos)
	if diags.HasErrors() {
		panic(fmt.Sprintf("exporter: bad expression %q: %s", src, diags))
	}
	return f.Body().GetAttribute("x").Expr().BuildTokens(nil)
}

// comment is a comment token of one or more lines: each line of c gets
// its own "# ", so that a line break in a comment (a value from the
// platform named in it) cannot end it and leave the rest as HCL.
func comment(c string) *hclwrite.Token {
	c = strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(c)
	var b strings.Builder
	for line := range strings.Lines(c + "\n") {
		b.WriteString(strings.TrimRight("# "+strings.TrimSuffix(line, "\n"), " ") + "\n")
	}
	return tok(hclsyntax.TokenComment, b.String())
}

func tok(t hclsyntax.TokenType, b string) *hclwrite.Token {
	return &hclwrite.Token{Type: t, Bytes: []byte(b)}
}

// list is a tuple; long or nested ones are written one element per line.
func list(items []expr, multiline bool) expr {
	if !multiline {
		return hclwrite.TokensForTuple(items)
	}
	out := expr{tok(hclsyntax.TokenOBrack, "["), tok(hclsyntax.TokenNewline, "\n")}
	for _, it := range items {
		out = append(out, it...)
		out = append(out, tok(hclsyntax.TokenComma, ","), tok(hclsyntax.TokenNewline, "\n"))
	}
	return append(out, tok(hclsyntax.TokenCBrack, "]"))
}

// field is one attribute of an object or a block, with optional comments
// written above it.
type field struct {
	name     string
	value    expr
	comments []string
}

// fields builds attribute lists; add skips nothing, the callers decide
// what to write.
type fields []field

func (fs *fields) add(name string, v expr, comments ...string) {
	*fs = append(*fs, field{name: name, value: v, comments: comments})
}

// object is an object constructor, one attribute per line ({} when empty).
func object(fs fields) expr {
	if len(fs) == 0 {
		return expr{tok(hclsyntax.TokenOBrace, "{"), tok(hclsyntax.TokenCBrace, "}")}
	}
	out := expr{tok(hclsyntax.TokenOBrace, "{"), tok(hclsyntax.TokenNewline, "\n")}
	for _, f := range fs {
		for _, c := range f.comments {
			out = append(out, comment(c))
		}
		out = append(out, hclwrite.TokensForIdentifier(f.name)...)
		out = append(out, tok(hclsyntax.TokenEqual, "="))
		out = append(out, f.value...)
		out = append(out, tok(hclsyntax.TokenNewline, "\n"))
	}
	return append(out, tok(hclsyntax.TokenCBrace, "}"))
}

// mapOf is an object constructor with quoted keys, in key order.
func mapOf(m map[string]expr) expr {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return cmpIDs(keys[i], keys[j]) < 0 })
	out := expr{tok(hclsyntax.TokenOBrace, "{"), tok(hclsyntax.TokenNewline, "\n")}
	for _, k := range keys {
		out = append(out, str(k)...)
		out = append(out, tok(hclsyntax.TokenEqual, "="))
		out = append(out, m[k]...)
		out = append(out, tok(hclsyntax.TokenNewline, "\n"))
	}
	return append(out, tok(hclsyntax.TokenCBrace, "}"))
}

// block is one top-level block: a resource or an import.
type block struct {
	typ      string   // "resource", "import", "terraform", "provider"
	labels   []string // type and name of a resource
	comments []string // above the block
	body     fields
}

// hclFile renders blocks, separated by blank lines, and formats them.
func hclFile(header []string, blocks []block) []byte {
	f := hclwrite.NewEmptyFile()
	root := f.Body()
	for _, c := range header {
		root.AppendUnstructuredTokens(expr{comment(c)})
	}
	for i, b := range blocks {
		if i > 0 || len(header) > 0 {
			root.AppendNewline()
		}
		for _, c := range b.comments {
			root.AppendUnstructuredTokens(expr{comment(c)})
		}
		body := root.AppendNewBlock(b.typ, b.labels).Body()
		for _, fl := range b.body {
			for _, c := range fl.comments {
				body.AppendUnstructuredTokens(expr{comment(c)})
			}
			body.SetAttributeRaw(fl.name, fl.value)
		}
	}
	return hclwrite.Format(f.Bytes())
}
