package importer

import (
	"archive/zip"
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOpen_notXLSX: an OpenDocument file, an .xls, a CSV (in UTF-8 or GBK), an .xlsb, an
// Apple Numbers document, a UTF-16 text file, a zip holding a workbook and
// an empty file are refused saying what they are and what to do; the
// first three read as "EOF", "unsupported workbook file format" and "zip:
// not a valid zip file".
func TestOpen_notXLSX(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	var ods bytes.Buffer
	zw := zip.NewWriter(&ods)
	w, _ := zw.CreateHeader(&zip.FileHeader{Name: "mimetype", Method: zip.Store})
	_, _ = w.Write([]byte("application/vnd.oasis.opendocument.spreadsheet"))
	w, _ = zw.Create("content.xml")
	_, _ = w.Write([]byte("<office:document-content/>"))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	zipOf := func(names ...string) []byte {
		var b bytes.Buffer
		zw := zip.NewWriter(&b)
		for _, n := range names {
			w, _ := zw.Create(n)
			_, _ = w.Write([]byte("x"))
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	const advice = `; ccsync reads Excel workbooks (.xlsx): save it as "Excel 2007-365 (.xlsx)" and run again`
	const readsXLSX = "; ccsync reads Excel workbooks (.xlsx): "
	for name, tc := range map[string]struct {
		content []byte
		want    string
	}{
		"roster.ods": {ods.Bytes(), "is an OpenDocument file (.ods)" + advice},
		"roster.xls": {append([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, make([]byte, 600)...),
			"is an Excel 97-2003 workbook (.xls), or a password-protected one (remove the password)" + advice},
		"roster.csv": {[]byte("user_num,user_name\n9001,李伟\n"), "is a text file (CSV?), not a workbook" + advice},
		// Excel's CSV on a Chinese Windows is GBK: it read as "zip: not a
		// valid zip file".
		"gbk.csv": {[]byte("\xca\xd6\xbb\xfa\xba\xc5\xc2\xeb,name\r\n13800138000,\xd5\xc5\xc8\xfd\r\n"),
			"is a text file (CSV?) in an encoding other than UTF-8 (GBK, as Excel on a Chinese Windows saves a CSV?), not a workbook" + advice},
		"roster.xlsx": {[]byte("PK\x03\x04 broken"), "open "},
		// They read as "XML syntax error on line 2: invalid UTF-8", "EOF",
		// "zip: not a valid zip file", "EOF" and "zip: not a valid zip file".
		"roster.xlsb": {zipOf("[Content_Types].xml", "xl/workbook.bin", "xl/worksheets/sheet1.bin"),
			`is an Excel Binary Workbook (.xlsb)` + readsXLSX + `open it in Excel and save it as "Excel Workbook (.xlsx)", and run again`},
		"roster.numbers": {zipOf("Index/Document.iwa", "Metadata/Properties.plist"),
			"is an Apple Numbers document" + readsXLSX + "open it in Numbers and choose File > Export To > Excel, and run again with the .xlsx file"},
		"utf16.xlsx":  {[]byte("\xff\xfem\x00o\x00b\x00"), "is a text file in UTF-16 (Unicode text or CSV?), not a workbook" + advice},
		"utf16be.csv": {[]byte("\xfe\xff\x00m\x00o"), "is a text file in UTF-16 (Unicode text or CSV?), not a workbook" + advice},
		"zipped.xlsx": {zipOf("March/roster.xlsx"),
			"is a zip archive holding March/roster.xlsx, not a workbook itself" + readsXLSX + "unzip it, and run again with the workbook it holds"},
		"empty.xlsx": {nil, "is empty (0 bytes), not a workbook" + readsXLSX + "save or copy the workbook again (it was saved or copied only in part?) and run again"},
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, tc.content, 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := openSheet(context.Background(), path, "Agents")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", name, err, tc.want)
		}
	}
}

// TestOpen_zipBomb: a 1 MB workbook with a part that unpacks to 1 GiB of
// zeros took 3 GB of memory to read. A workbook whose parts unpack to
// more than 512 MiB is refused before anything is read, saying why.
func TestOpen_zipBomb(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good := filepath.Join(dir, "roster.xlsx")
	if err := WriteTemplate(good); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.OpenReader(good)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range zr.File {
		if err := zw.Copy(f); err != nil {
			t.Fatal(err)
		}
	}
	// The size is what a reader learns from the header before unpacking:
	// declare 1 GiB; nothing of it is read.
	if _, err := zw.CreateRaw(&zip.FileHeader{Name: "xl/media/zeros.bin", Method: zip.Store, UncompressedSize64: 1 << 30}); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	bomb := filepath.Join(dir, "bomb.xlsx")
	if err := os.WriteFile(bomb, buf.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	_, _, err = ReadRoster(bomb)
	if err == nil || !strings.Contains(err.Error(), "unpacks to more than 512 MiB") {
		t.Errorf("ReadRoster: %v, want the workbook refused for its unpacked size", err)
	}
	if _, _, err := ReadRoster(good); err != nil {
		t.Errorf("the workbook without the extra part: %v", err)
	}
}
