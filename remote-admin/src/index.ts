// The async boundary lets federation negotiate the shared singletons before React loads.
import('./bootstrap');
