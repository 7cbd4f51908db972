// Routers for tests only (never imported by app code, so never in a bundle): the memory routers render a route table
// at a given path; the data router's state (`router.state.historyAction`…) lets a test see how it navigated.
export { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
