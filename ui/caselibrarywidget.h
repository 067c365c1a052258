#pragma once

#include "core/cases/casestore.h"
#include "ui/caselibraryedit.h"
#include "ui/caselibraryjobs.h"

#include <QTimer>
#include <QWidget>

#include <memory>

QT_BEGIN_NAMESPACE
    class QAction;
    class QComboBox;
    class QLabel;
    class QLineEdit;
    class QPlainTextEdit;
    class QProgressBar;
    class QPushButton;
    class QTableView;
    class QUndoStack;
QT_END_NAMESPACE

namespace sqlmend::core {
class CaseStoreService;
} // namespace sqlmend::core

namespace sqlmend::ui {

class CaseLibraryModel;

// The case library: good and bad cases of a case store, with filters, full-text search,
// curation with undo, and JSON Lines import (undoable) and export. The store runs on the store
// service's thread, shared with the loops and the history; the GUI thread only queues jobs and
// takes their answers, newest request wins. Nothing here ever waits for the store: a library
// that closes drops the answers still on their way, and an import stops between two blocks.
//
// Embed it in one line: new CaseLibraryWidget(store, parent), or with a store location of its
// own (an empty location is the default store, core::StoreLocation::defaultPath()).
class CaseLibraryWidget : public QWidget
{
    Q_OBJECT

public:
    static constexpr int searchDelayMs = 250;
    // Bad lines listed in an import report; the rest are counted.
    static constexpr int reportedProblems = 200;

    // Lists the shared store, and lists again when it changes (another location included).
    explicit CaseLibraryWidget(std::shared_ptr<core::CaseStoreService> store,
                               QWidget *parent = nullptr);
    // Opens a store of its own at storeLocation.
    explicit CaseLibraryWidget(const QString &storeLocation, QWidget *parent = nullptr);
    ~CaseLibraryWidget() override;

    CaseLibraryModel *model() const;
    QTableView *view() const;
    QUndoStack *undoStack() const;

    // The filter the controls show; setting it updates the controls and lists again.
    core::CaseFilter filter() const;
    void setFilter(const core::CaseFilter &filter);
    // Lists the cases again; the answer replaces the model unless a newer request was made.
    void refresh();

    // True while requests to the store are unanswered.
    bool isBusy() const;
    bool isStoreOpen() const;
    QString statusText() const;
    // The bad lines of the last import, one a line; empty when it had none.
    QString importReportText() const;

    // The current case: 0 when none.
    qint64 currentCaseId() const;
    bool selectCase(qint64 id);

    // Curation of the current case, as the actions do; each is a step on the undo stack.
    void markCurrent(core::CaseKind kind);
    void setCurrentSql(const QString &sql);
    void toggleCurrentActive();
    void setCurrentNotes(const QString &notes);
    void deleteCurrent();
    // Emits rerunRequested() with the editor's SQL and the case's datasource.
    void rerunCurrent();

    void importFrom(const QString &path);
    void exportTo(const QString &path);
    // Non-blocking file dialogs in front of importFrom() and exportTo().
    void chooseImportFile();
    void chooseExportFile();

Q_SIGNALS:
    void rerunRequested(const QString &sql, const QString &datasource);
    void storeOpened(const QString &displayName, const QString &error);
    // After the model took a new list.
    void casesListed();
    void editFailed(const QString &message);
    void importFinished(const sqlmend::core::ImportReport &report, const QString &error);
    void exportFinished(qint64 count, const QString &path, const QString &error);

private:
    void buildControls();
    void buildActions();
    void sendEdit(const CaseLibraryEdit &edit);
    void sendEdits(const QList<CaseLibraryEdit> &edits);
    void importNext(const ImportCursor &cursor);
    void takeImportStep(const ImportStep &step);
    void finishImport(const QString &error);
    void takeStoreState(bool open, const QString &displayName, const QString &error);
    void applyLocally(const CaseLibraryEdit &edit);
    bool refuseInvalid(const core::CaseRecord &after);
    void pushEdit(CaseLibraryEdit::Operation operation, const core::CaseRecord &after);
    core::CaseRecord currentCase() const;
    void showCurrentCase();
    void updateActions();
    void setStatus(const QString &text);
    void requestStarted();
    void requestFinished();
    void takeList(quint64 generation, const core::Result<CaseListing> &listing);
    void takeEdit(const CaseLibraryEdit &edit, const QString &error);
    void takeImport(const core::ImportReport &report, const QString &error);
    void takeExport(qint64 count, const QString &path, const QString &error);
    void setDatasources(const QStringList &datasources);

    std::shared_ptr<core::CaseStoreService> m_store;
    // Touched only by the jobs, on the store's thread, one at a time.
    std::shared_ptr<CaseLibraryJobs> m_jobs = std::make_shared<CaseLibraryJobs>();
    CaseLibraryModel *m_model = nullptr;
    QUndoStack *m_undoStack = nullptr;
    QTimer m_searchTimer;
    QTimer m_changeTimer; // a burst of the store's writes lists once

    QLineEdit *m_search = nullptr;
    QComboBox *m_kindBox = nullptr;
    QComboBox *m_classBox = nullptr;
    QComboBox *m_datasourceBox = nullptr;
    QComboBox *m_activeBox = nullptr;
    QTableView *m_view = nullptr;
    QLabel *m_question = nullptr;
    QPlainTextEdit *m_sqlEditor = nullptr;
    QPlainTextEdit *m_notesEditor = nullptr;
    QPushButton *m_applySqlButton = nullptr;
    QPushButton *m_saveNotesButton = nullptr;
    QLabel *m_count = nullptr;
    QLabel *m_status = nullptr;
    QProgressBar *m_progress = nullptr;
    QPlainTextEdit *m_report = nullptr;

    QAction *m_markGoodAction = nullptr;
    QAction *m_markBadAction = nullptr;
    QAction *m_toggleActiveAction = nullptr;
    QAction *m_deleteAction = nullptr;
    QAction *m_rerunAction = nullptr;
    QAction *m_importAction = nullptr;
    QAction *m_exportAction = nullptr;
    QAction *m_findAction = nullptr;

    quint64 m_generation = 0;
    quint64 m_ticket = 0;
    int m_pending = 0;
    bool m_storeOpen = false;
    bool m_storeKnown = false; // whether m_storeOpen has been learned yet
    QString m_storeName;
    bool m_importing = false;
    core::ImportReport m_importTotal;
    QList<core::CaseRecord> m_imported; // for the import's undo step
    qint64 m_selectedId = 0;
    qint64 m_editorCaseId = 0; // the case the SQL and notes editors show
};

} // namespace sqlmend::ui
