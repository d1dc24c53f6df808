package importer

import (
	"archive/zip"
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
)

// maxDepth is the deepest nesting of elements checkWorkbookShape accepts
// in a workbook's XML. A worksheet nests about six levels (worksheet,
// sheetData, row, c, is, r, t), a drawing about twenty; 128 leaves room
// for any spreadsheet program. Deeper is not a spreadsheet: the row reader
// keeps one entry per open element, and a 65 KB workbook whose worksheet
// opened 17 million elements took 3.8 GB of memory to read.
const maxDepth = 128

// maxWholePart is the largest part, unpacked, of those read whole into
// objects (styles, the workbook, the relationships, the theme, the
// document properties): they take about 20 times their size in memory (a
// 50 MiB styles.xml of a 140 KB workbook took 940 MB). Excel keeps at most
// 64,000 cell formats, well under 32 MiB of styles.
const maxWholePart = 32 << 20

// readWhole tells whether excelize reads the part named name whole into
// objects when the workbook is opened or a sheet read (the worksheets and
// the shared strings are streamed instead).
func readWhole(name string) bool {
	n := strings.ToLower(strings.ReplaceAll(name, `\`, "/"))
	switch {
	case n == "[content_types].xml", n == "xl/workbook.xml", n == "xl/styles.xml",
		strings.HasPrefix(n, "docprops/") && strings.HasSuffix(n, ".xml"),
		strings.HasPrefix(n, "xl/theme/") && strings.HasSuffix(n, ".xml"),
		strings.HasSuffix(n, ".rels"):
		return true
	}
	return false
}

// checkWorkbookShape refuses, before the workbook is opened, one whose XML
// would take far more memory to read than a spreadsheet of its size: a
// part read whole that is larger than maxWholePart, or XML nested deeper
// than maxDepth. A file that is not a zip archive, or whose parts unpack
// to more than maxUnpacked, is left to the opening, which says so. It
// stops with ctx's error once ctx is done: the scan of a big workbook takes
// a second or more, and Ctrl-C waited for its end.
func checkWorkbookShape(ctx context.Context, path string) error {
	zr, err := zip.OpenReader(path)
	if err != nil {
		return nil // the opening names what the file is
	}
	defer zr.Close()
	var total uint64
	for _, f := range zr.File {
		total += f.UncompressedSize64
	}
	if total > maxUnpacked {
		return nil // refused by the opening, with its own message
	}
	for _, f := range zr.File {
		n := strings.ToLower(f.Name)
		if !strings.HasSuffix(n, ".xml") && !strings.HasSuffix(n, ".rels") {
			continue
		}
		if readWhole(f.Name) && f.UncompressedSize64 > maxWholePart {
			return fmt.Errorf("%s: its part %s unpacks to %d MiB, more than the %d MiB ccsync reads of such a part (a spreadsheet's is far smaller); "+
				"ccsync does not read it, to bound its memory: open the workbook in a spreadsheet and save it again, or copy its rows to a new workbook",
				path, f.Name, f.UncompressedSize64>>20, maxWholePart>>20)
		}
		rc, err := f.Open()
		if err != nil {
			return nil // the opening says why the part cannot be read
		}
		depth, err := xmlDepth(ctxReader{ctx, rc}, maxDepth)
		_ = rc.Close() // read-only
		switch {
		case ctx.Err() != nil:
			return ctx.Err()
		case errors.Is(err, errTooDeep):
			return fmt.Errorf("%s: its part %s nests XML elements more than %d levels deep (a spreadsheet nests fewer than 30); "+
				"ccsync does not read it, to bound its memory: it is not a workbook a spreadsheet program wrote", path, f.Name, depth-1)
		case err != nil:
			return nil // a broken part: the opening or the reader says so
		}
	}
	return nil
}

var errTooDeep = errors.New("XML nested too deep")

// ctxReader reads from r until ctx is done, then returns ctx's error. The
// scans of a workbook's parts read blocks of 64 KiB to 1 MiB, so the check
// costs nothing and an interrupt ends a scan within a block.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// xmlDepth scans XML text and returns errTooDeep, with the depth reached,
// as soon as elements are nested more than limit deep. It reads bytes, not
// tokens (a worksheet of 100,000 rows is scanned in a fraction of the time
// the XML decoder takes): start tags (up to the ">" outside a quoted
// attribute value) open a level unless they close themselves ("/>"), end
// tags close one; comments, CDATA sections, processing instructions and
// declarations (a DOCTYPE with its internal subset) are skipped.
func xmlDepth(r io.Reader, limit int) (int, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	depth := 0
	// skipTo reads up to and including end.
	skipTo := func(end string) error {
		matched := 0
		for matched < len(end) {
			c, err := br.ReadByte()
			if err != nil {
				return err
			}
			switch c {
			case end[matched]:
				matched++
			case end[0]:
				// "]]]>" ends a CDATA section: a third "]" keeps "]]".
				if matched != 2 || end[1] != end[0] {
					matched = 1
				}
			default:
				matched = 0
			}
		}
		return nil
	}
	for {
		// Text up to the next tag.
		if _, err := br.ReadSlice('<'); err != nil {
			if errors.Is(err, bufio.ErrBufferFull) {
				continue
			}
			if errors.Is(err, io.EOF) {
				return depth, nil
			}
			return depth, err
		}
		c, err := br.ReadByte()
		if err != nil {
			return depth, eofOK(err)
		}
		switch c {
		case '/':
			depth--
			err = skipTo(">")
		case '?':
			err = skipTo("?>")
		case '!':
			head, _ := br.Peek(7)
			switch {
			case strings.HasPrefix(string(head), "--"):
				_, _ = br.Discard(2)
				err = skipTo("-->")
			case string(head) == "[CDATA[":
				_, _ = br.Discard(7)
				err = skipTo("]]>")
			default:
				err = skipDecl(br)
			}
		default:
			depth++
			if depth > limit {
				return depth, errTooDeep
			}
			var selfClosing bool
			if selfClosing, err = endOfTag(br, c); selfClosing {
				depth--
			}
		}
		if err != nil {
			return depth, eofOK(err)
		}
	}
}

// endOfTag reads the rest of a start tag whose first character after "<"
// is first, up to its ">" outside quotes, and tells whether it ended "/>".
func endOfTag(br *bufio.Reader, first byte) (selfClosing bool, err error) {
	prev, quote := first, byte(0)
	for {
		c, err := br.ReadByte()
		if err != nil {
			return false, err
		}
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '>':
			return prev == '/', nil
		}
		prev = c
	}
}

// skipDecl reads the rest of a declaration ("<!DOCTYPE …>", "<!ENTITY
// …>"), with the declarations nested in its internal subset and quoted
// text, up to its ">".
func skipDecl(br *bufio.Reader) error {
	open, quote := 1, byte(0)
	for {
		c, err := br.ReadByte()
		if err != nil {
			return err
		}
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '<':
			open++
		case c == '>':
			if open--; open == 0 {
				return nil
			}
		}
	}
}

// eofOK is nil for the end of the text inside a tag (a truncated part,
// which the reader then refuses with its own words), err otherwise.
func eofOK(err error) error {
	if errors.Is(err, io.EOF) {
		return nil
	}
	return err
}
