// The async boundary lets federation negotiate the shared singletons (React, router, zod…) before they load.
import('./bootstrap');
