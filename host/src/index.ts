// The async boundary lets the federation runtime negotiate shared singletons (React, router…) before any of
// them is evaluated.
void import('./bootstrap');
