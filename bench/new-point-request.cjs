// autocannon's setupRequest (a file, as its worker threads need): each request asks for the vendor
// list at a customer's point of its own, so the API has no answer kept for it and builds one from
// the rows it keeps.
let count = 0;

module.exports = (request) => {
  count += 1;
  const latitude = (56.9 + ((count * 7919) % 10_000) / 100_000).toFixed(6);
  const longitude = (24.05 + ((count * 104_729) % 10_000) / 100_000).toFixed(6);
  const separator = request.path.includes("?") ? "&" : "?";
  return { ...request, path: `${request.path}${separator}latitude=${latitude}&longitude=${longitude}` };
};
