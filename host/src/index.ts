// The async boundary lets the federation runtime negotiate shared singletons (React, router, zod…) before any of
// them is evaluated.
void import('./bootstrap');
