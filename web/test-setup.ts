import "@testing-library/dom";

// jsdom lays nothing out, so it has no scrollIntoView; Radix Select calls it when a list opens.
if (typeof Element !== "undefined" && !Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
