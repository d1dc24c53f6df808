package client_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"testing/synctest"

	"github.com/contactcenter/terraform-provider-contactcenter/client"
)

const (
	signList     = "POST /open/sms/sign/list"
	templateList = "POST /open/sms/template/list"
)

// TestFinderImportsBySignTextAndNameShareReads: an exported folder imports
// each SMS signature by its text (sign_text:<text>) and each template by
// its name (template_name:<name>), which another contact center gives its
// own objects; the imports of a whole center share one read of each list,
// as imports by id do, instead of one filtered list call each. A text or
// name no object has (or one that differs in letter case) finds none.
func TestFinderImportsBySignTextAndNameShareReads(t *testing.T) {
	t.Parallel()
	e := newFinderEnv(t)
	const n = 120
	sigs, tpls := map[string]int64{}, map[string]int64{}
	for i := range n {
		text := fmt.Sprintf("Brand %d", i)
		sg, err := e.c0.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: text})
		if err != nil {
			t.Fatal(err)
		}
		sigs[text] = sg.ID.Int64()
		name := fmt.Sprintf("Notice %d", i)
		tp, err := e.c0.SMS.CreateTemplate(t.Context(), client.SMSTemplateInput{TemplateName: name, TemplateContents: "Hello ${name}", SignID: sg.ID.Int64()})
		if err != nil {
			t.Fatal(err)
		}
		tpls[name] = tp.ID.Int64()
	}
	c := e.client(t, nil)
	before := e.sim.Stats()
	keys := make(chan string)
	errs := make(chan error, 2*n+4)
	var wg sync.WaitGroup
	for range 10 { // Terraform's parallelism
		wg.Go(func() {
			for k := range keys {
				var got []int64
				var want int64
				var err error
				if text, ok := strings.CutPrefix(k, "sign_text:"); ok {
					want = sigs[text]
					var found []client.SMSSignature
					found, err = c.SMS.SignaturesByText(t.Context(), text)
					for _, sg := range found {
						got = append(got, sg.ID.Int64())
					}
				} else {
					name := strings.TrimPrefix(k, "template_name:")
					want = tpls[name]
					var found []client.SMSTemplate
					found, err = c.SMS.TemplatesByName(t.Context(), name)
					for _, tp := range found {
						got = append(got, tp.ID.Int64())
					}
				}
				switch {
				case err != nil:
					errs <- fmt.Errorf("%s: %w", k, err)
				case want == 0 && len(got) != 0:
					errs <- fmt.Errorf("%s: found %v, want none", k, got)
				case want != 0 && (len(got) != 1 || got[0] != want):
					errs <- fmt.Errorf("%s: found %v, want [%d]", k, got, want)
				}
			}
		})
	}
	for text := range sigs {
		keys <- "sign_text:" + text
	}
	for name := range tpls {
		keys <- "template_name:" + name
	}
	keys <- "sign_text:brand 1"
	keys <- "sign_text:Brand"
	keys <- "template_name:notice 1"
	keys <- "template_name:Notice 1000"
	close(keys)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	got := e.calls(before)
	if got[signList] != 1 || got[templateList] != 1 {
		t.Errorf("%d imports by text and %d by name: %d sign/list and %d template/list calls, want 1 each", n, n, got[signList], got[templateList])
	}
}

// TestFinderSignaturesByTextAnswersEvery: the spec does not make a
// signature's text unique, so a lookup answers every signature of the
// text (an import refuses several); a text that only contains it is not one.
func TestFinderSignaturesByTextAnswersEvery(t *testing.T) {
	t.Parallel()
	e := newFinderEnv(t)
	fail := func(w http.ResponseWriter, r *http.Request) bool {
		if r.URL.Path != "/open/sms/sign/list" {
			return false
		}
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"code":0,"message":"ok","data":{"current_page":1,"last_page":1,"per_page":500,"total":3,"data":[`+
			`{"id":101,"sign_id":5001,"sign_text":"Acme","state":1},{"id":102,"sign_id":5002,"sign_text":"Acme Ltd","state":1},`+
			`{"id":103,"sign_id":5003,"sign_text":"Acme","state":2}]}}`)
		return true
	}
	e.fail.Store(&fail)
	c := e.client(t, nil)
	got, err := c.SMS.SignaturesByText(t.Context(), "Acme")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].ID.Int64() != 101 || got[1].ID.Int64() != 103 {
		t.Errorf("signatures of the text Acme: %+v, want 101 and 103", got)
	}
}

// TestFinderLookupMissesOfAListOnlyKindCallOnce: the signature list, read
// whole over two pages, is not conclusive (a deletion meanwhile can shift
// a page), so a text missing from it is asked with one filtered call. Each
// such lookup after the first read the whole list again (two pages) before
// its filtered call, as if no collection had been read in the walk.
//
// In a synctest bubble on the simulator in process (newBubbleFinderEnv):
// its 1,000 and more requests wait on nothing but their loopback round
// trips, which under make test's load took 7.7 s; in process they cost
// less CPU, and the counts of calls do not depend on the scheduler.
func TestFinderLookupMissesOfAListOnlyKindCallOnce(t *testing.T) {
	t.Parallel()
	synctest.Test(t, finderLookupMissesOfAListOnlyKindCallOnce)
}

func finderLookupMissesOfAListOnlyKindCallOnce(t *testing.T) {
	e := newBubbleFinderEnv(t)
	for i := range client.SMSMaxRows + 20 {
		if _, err := e.c0.SMS.CreateSignature(t.Context(), client.SMSSignatureInput{SignText: fmt.Sprintf("Brand %d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	c := e.client(t, nil)
	before := e.sim.Stats()
	const misses = 10
	for i := range misses {
		if found, err := c.SMS.SignaturesByText(t.Context(), fmt.Sprintf("Nobody %d", i)); err != nil || len(found) != 0 {
			t.Fatalf("Nobody %d: %v, %v; want none", i, found, err)
		}
	}
	// The first lookup reads the list (2 pages) and asks; each other asks.
	if got, want := e.calls(before)["POST /open/sms/sign/list"], 2+misses; got != want {
		t.Errorf("%d lookups of texts no signature has: %d sign/list calls, want %d", misses, got, want)
	}
}

// TestFinderTemplatesByNameNotFromAPartialList: a template list too long
// to prefetch (more than five pages of 500) is read for a lookup by name
// as its first page alone. A name that page holds once may be held again
// on a later page (the spec does not make names unique, §2.4), so the
// first page's match is not the answer: the lookup asks template/list for
// the name, and an import of template_name:Notice is refused, as the
// resource's documentation says of a name several templates have, instead
// of adopting the one the first page happened to hold.
func TestFinderTemplatesByNameNotFromAPartialList(t *testing.T) {
	t.Parallel()
	e := newFinderEnv(t)
	var keyword, whole int
	fake := func(w http.ResponseWriter, r *http.Request) bool {
		if r.URL.Path != "/open/sms/template/list" {
			return false
		}
		body, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		notice := func(id int) string {
			return fmt.Sprintf(`{"id":%d,"tpl_title":"Notice","tpl_text":"Hello","new_sign_id":1,"state":1}`, id)
		}
		if strings.Contains(string(body), "keyword") {
			keyword++
			fmt.Fprint(w, `{"code":0,"message":"ok","data":{"current_page":1,"last_page":1,"per_page":500,"total":2,"data":[`+notice(101)+`,`+notice(2901)+`]}}`)
			return true
		}
		whole++
		// The first of six pages (2,600 templates): 101 is on it, 2901 on the last.
		fmt.Fprint(w, `{"code":0,"message":"ok","data":{"current_page":1,"last_page":6,"per_page":500,"total":2600,"data":[`+notice(101)+`]}}`)
		return true
	}
	e.fail.Store(&fake)
	c := e.client(t, nil)
	got, err := c.SMS.TemplatesByName(t.Context(), "Notice")
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, tp := range got {
		ids = append(ids, tp.ID.Int64())
	}
	if len(ids) != 2 || ids[0] != 101 || ids[1] != 2901 {
		t.Errorf("templates named Notice: %v (first page read %d times, by name %d), want 101 and 2901: "+
			"the first of six pages is not every template, and an import by the name must be refused", ids, whole, keyword)
	}
}
