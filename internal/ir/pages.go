package ir

// PageStyle is how the pages of a list operation follow each other.
type PageStyle string

// The page styles: RFC 8288 Link headers (detected), and the styles that
// x-oasgen-pagination declares.
const (
	// PageLink follows the Link header's rel="next" URL (GitHub's style):
	// detected when the page response declares a Link header.
	PageLink PageStyle = "link"
	// PageCursor sends the body's Next value as the Param of the next
	// request, until it is empty.
	PageCursor PageStyle = "cursor"
	// PageOffset adds the count of items received to the Param, until a
	// page is empty.
	PageOffset PageStyle = "offset"
	// PageNumber adds one to the Param (from 1 when unset), until a page
	// is empty.
	PageNumber PageStyle = "page"
)

// Pagination says how to walk every item of a list operation, page after
// page: its client gets a method (Method) yielding them all.
type Pagination struct {
	Style PageStyle
	// Media is the JSON response that is a page (of the 200 response).
	Media *Media
	// Items is the property of the page holding the items; nil when the
	// page is the array of items.
	Items *Field
	// Item is the type of an item.
	Item Type
	// Param is the query parameter that selects the next page (not for
	// PageLink).
	Param *Param
	// Next is the property of the page holding the next cursor
	// (PageCursor).
	Next *Field
	// Method is the name of the client method, set by the naming pass.
	Method string
}
