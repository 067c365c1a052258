#pragma once

#include "core/cases/casestore.h"
#include "ui/caselibraryedit.h"

#include <QTimer>
#include <QWidget>

QT_BEGIN_NAMESPACE
    class QAction;
    class QComboBox;
    class QLabel;
    class QLineEdit;
    class QPlainTextEdit;
    class QProgressBar;
    class QPushButton;
    class QTableView;
    class QThread;
    class QUndoStack;
QT_END_NAMESPACE

namespace sqlmend::ui {

class CaseLibraryModel;
class CaseLibraryWorker;

// The case library: good and bad cases of a case store, with filters, full-text search,
// curation with undo, and JSON Lines import and export. The store runs on a thread this widget
// owns; the GUI thread only queues requests and takes their answers, newest request wins.
//
// Embed it in one line: new CaseLibraryWidget(storeLocation, parent). An empty location is the
// default store (core::StoreLocation::defaultPath()).
class CaseLibraryWidget : public QWidget
{
    Q_OBJECT

public:
    static constexpr int searchDelayMs = 250;
    // Bad lines listed in an import report; the rest are counted.
    static constexpr int reportedProblems = 200;

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
    void connectWorker();
    void sendEdit(const CaseLibraryEdit &edit);
    void applyLocally(const CaseLibraryEdit &edit);
    bool refuseInvalid(const core::CaseRecord &after);
    void pushEdit(CaseLibraryEdit::Operation operation, const core::CaseRecord &after);
    core::CaseRecord currentCase() const;
    void showCurrentCase();
    void updateActions();
    void setStatus(const QString &text);
    void requestStarted();
    void requestFinished();
    void takeList(quint64 generation, const QList<core::CaseRecord> &cases,
                  const QStringList &datasources, const QString &error);
    void takeEdit(const CaseLibraryEdit &edit, const QString &error);
    void takeImport(const core::ImportReport &report, const QString &error);
    void takeExport(qint64 count, const QString &path, const QString &error);
    void setDatasources(const QStringList &datasources);

    QThread *m_thread = nullptr;
    CaseLibraryWorker *m_worker = nullptr; // lives on m_thread; never touched from here
    CaseLibraryModel *m_model = nullptr;
    QUndoStack *m_undoStack = nullptr;
    QTimer m_searchTimer;

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
    bool m_importing = false;
    qint64 m_selectedId = 0;
    qint64 m_editorCaseId = 0; // the case the SQL and notes editors show
};

} // namespace sqlmend::ui
